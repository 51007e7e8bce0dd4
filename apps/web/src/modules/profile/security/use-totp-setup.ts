import type { TotpSetupResponse } from '@pult/contract';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useServices } from '../../../app/services-context';
import { applyServerFieldErrors } from '../../../forms/apply-server-errors';
import { formErrorToView } from '../../../forms/form-error-view';
import type { ViewText } from '../../../forms/view-text';
import { isHttpError } from '../../../http/http-error';
import { validateMfaValue } from '../../auth/signin-mfa';
import { postTotpConfirm, postTotpSetup } from './mfa-api';
import { useSetMfaStatus } from './use-mfa-status';

export interface TotpSetupValues {
  password: string;
  code: string;
}

/** password → scan the QR code and type a code → the recovery codes, shown once. */
export type TotpSetupStep =
  | { kind: 'password' }
  | { kind: 'scan'; setup: TotpSetupResponse }
  | { kind: 'codes'; codes: string[] };

export const validateTotpCode = (value: string) => validateMfaValue('totp', value);
export const validatePassword = (value: string) => value !== '' || 'required';

/** The authenticator enrolment of the Security card (POST /admin/mfa/totp/setup, then /confirm). */
export function useTotpSetup() {
  const services = useServices();
  const setStatus = useSetMfaStatus();
  const [step, setStep] = useState<TotpSetupStep>({ kind: 'password' });
  const [generalError, setGeneralError] = useState<ViewText | null>(null);
  const form = useForm<TotpSetupValues>({ defaultValues: { password: '', code: '' }, mode: 'onSubmit' });

  function fail(error: unknown, field: 'password' | 'code'): void {
    // A 403 has already been announced by the HTTP client.
    if (isHttpError(error) && error.status === 403) return;
    const view = formErrorToView(error, [field]);
    applyServerFieldErrors(form.setError, view.fields);
    setGeneralError(view.general);
  }

  async function start(values: TotpSetupValues): Promise<void> {
    try {
      const setup = await postTotpSetup(services, values.password);
      // The password has done its job: it is not kept in the form any longer than needed.
      form.resetField('password');
      setStep({ kind: 'scan', setup });
    } catch (error) {
      fail(error, 'password');
    }
  }

  async function confirm(values: TotpSetupValues): Promise<void> {
    try {
      const { recovery_codes } = await postTotpConfirm(services, values.code.replace(/\s+/g, ''));
      setStatus({ totp: true, recovery_codes_left: recovery_codes.length });
      setStep({ kind: 'codes', codes: recovery_codes });
    } catch (error) {
      fail(error, 'code');
    }
  }

  const submit = (event: React.FormEvent) => {
    event.preventDefault();
    setGeneralError(null);
    if (step.kind === 'password') void form.handleSubmit(start)(event);
    else if (step.kind === 'scan') void form.handleSubmit(confirm)(event);
  };

  return { form, step, submit, generalError, busy: form.formState.isSubmitting };
}
