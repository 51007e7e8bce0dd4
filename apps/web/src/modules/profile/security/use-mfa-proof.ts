import { useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { useServices } from '../../../app/services-context';
import { applyServerFieldErrors } from '../../../forms/apply-server-errors';
import { formErrorToView } from '../../../forms/form-error-view';
import type { ViewText } from '../../../forms/view-text';
import { isHttpError } from '../../../http/http-error';
import { MFA_FIELD, type MfaStepMethod } from '../../auth/signin-mfa';
import { deleteTotp, postRecoveryCodes } from './mfa-api';
import { useSetMfaStatus } from './use-mfa-status';

/** What a second factor confirms here: removing the authenticator, or new recovery codes. */
export type MfaProofAction = 'remove' | 'regenerate';

export interface MfaProofValues {
  code: string;
  recovery_code: string;
}

/** The body of a proof: the typed code (spaces dropped) under the field of its kind. */
export function proofBody(
  method: MfaStepMethod,
  value: string,
): { code: string } | { recovery_code: string } {
  const typed = value.replace(/\s+/g, '');
  return method === 'totp' ? { code: typed } : { recovery_code: typed };
}

/**
 * A change of factors confirmed by a code or a recovery code (DELETE /admin/mfa/totp, POST
 * /admin/mfa/recovery-codes). `codes` holds new recovery codes once they are made.
 */
export function useMfaProof(action: MfaProofAction, onRemoved: () => void) {
  const services = useServices();
  const setStatus = useSetMfaStatus();
  const [method, setMethod] = useState<MfaStepMethod>('totp');
  const [codes, setCodes] = useState<string[] | null>(null);
  const [generalError, setGeneralError] = useState<ViewText | null>(null);
  const form = useForm<MfaProofValues>({ defaultValues: { code: '', recovery_code: '' }, mode: 'onSubmit' });
  const field = MFA_FIELD[method];
  // Both fields watched under fixed names: a subscription that changes its name with the method
  // could miss the first keystroke in the other field.
  const [code = '', recoveryCode = ''] = useWatch({ control: form.control, name: ['code', 'recovery_code'] });
  const value = method === 'totp' ? code : recoveryCode;

  async function send(values: MfaProofValues): Promise<void> {
    const proof = proofBody(method, values[field]);
    try {
      if (action === 'remove') {
        setStatus(await deleteTotp(services, proof));
        onRemoved();
      } else {
        const { recovery_codes } = await postRecoveryCodes(services, proof);
        setStatus({ totp: true, recovery_codes_left: recovery_codes.length });
        setCodes(recovery_codes);
      }
    } catch (error) {
      if (isHttpError(error) && error.status === 403) return;
      const view = formErrorToView(error, ['code', 'recovery_code'] as const);
      applyServerFieldErrors(form.setError, view.fields);
      setGeneralError(view.general);
    }
  }

  function submit(event: React.FormEvent): void {
    event.preventDefault();
    setGeneralError(null);
    void form.handleSubmit(send)(event);
  }

  function switchMethod(): void {
    const next: MfaStepMethod = method === 'totp' ? 'recovery' : 'totp';
    form.clearErrors();
    form.setValue(MFA_FIELD[next], '');
    setGeneralError(null);
    setMethod(next);
  }

  return {
    form,
    method,
    codes,
    submit,
    switchMethod,
    generalError,
    busy: form.formState.isSubmitting,
    canSubmit: value.trim() !== '' && !form.formState.isSubmitting,
  };
}
