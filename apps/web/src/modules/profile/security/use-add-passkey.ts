import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useServices } from '../../../app/services-context';
import { applyServerFieldErrors } from '../../../forms/apply-server-errors';
import { formErrorToView } from '../../../forms/form-error-view';
import type { ViewText } from '../../../forms/view-text';
import { isHttpError } from '../../../http/http-error';
import { createPasskey } from '../../auth/passkey-browser';
import { postPasskey, postPasskeyOptions } from './mfa-api';
import { useSetMfaStatus } from './use-mfa-status';

export interface AddPasskeyValues {
  name: string;
  password: string;
}

/**
 * Registers a passkey: the password, the browser's prompt, then the name it is kept under. The
 * administrator's first factor also brings recovery codes, shown once (`codes`).
 */
export function useAddPasskey(onAdded: () => void) {
  const services = useServices();
  const setStatus = useSetMfaStatus();
  const [codes, setCodes] = useState<string[] | null>(null);
  const [generalError, setGeneralError] = useState<ViewText | null>(null);
  const form = useForm<AddPasskeyValues>({ defaultValues: { name: '', password: '' }, mode: 'onSubmit' });

  async function add(values: AddPasskeyValues): Promise<void> {
    try {
      const options = await postPasskeyOptions(services, values.password);
      form.resetField('password');
      const outcome = await createPasskey(options);
      if (outcome.kind === 'cancelled') return;
      if (outcome.kind === 'failed') {
        setGeneralError({ key: 'login.mfa.passkeyFailed', params: { message: outcome.message } });
        return;
      }
      const registered = await postPasskey(services, values.name.trim(), outcome.response);
      setStatus({});
      if (registered.recovery_codes) setCodes(registered.recovery_codes);
      else onAdded();
    } catch (error) {
      if (isHttpError(error) && error.status === 403) return;
      const view = formErrorToView(error, ['name', 'password'] as const);
      applyServerFieldErrors(form.setError, view.fields);
      setGeneralError(view.general);
    }
  }

  function submit(event: React.FormEvent): void {
    event.preventDefault();
    setGeneralError(null);
    void form.handleSubmit(add)(event);
  }

  return { form, submit, codes, generalError, busy: form.formState.isSubmitting };
}
