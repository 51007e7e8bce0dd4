import type { MfaStatus, StepUpRequest, StepUpResponse } from '@pult/contract';
import { useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { useServices } from '../../../app/services-context';
import { applyServerFieldErrors } from '../../../forms/apply-server-errors';
import { formErrorToView } from '../../../forms/form-error-view';
import type { ViewText } from '../../../forms/view-text';
import { signWithPasskey } from '../../auth/passkey-browser';
import { type MfaProofValues, proofBody } from './use-mfa-proof';
import { useMfaStatus } from './use-mfa-status';

/** How the administrator confirms: their authenticator, a recovery code, or (with no factor) the password. */
export type StepUpMethod = 'totp' | 'recovery' | 'password';

export interface StepUpValues extends MfaProofValues {
  password: string;
}

const FIELDS = ['code', 'recovery_code', 'password'] as const;
export const STEP_UP_FIELD = { totp: 'code', recovery: 'recovery_code', password: 'password' } as const;

/** How the dialog asks: the app's code (or a recovery code), a recovery code beside passkeys, or the password. */
export function stepUpMethod(status: MfaStatus, useRecovery: boolean): StepUpMethod {
  if (status.totp) return useRecovery ? 'recovery' : 'totp';
  return status.passkeys.length > 0 ? 'recovery' : 'password';
}

/** The body of a step-up: the typed proof under the field of its kind. */
export function stepUpBody(method: StepUpMethod, value: string): StepUpRequest {
  return method === 'password' ? { password: value } : proofBody(method, value);
}

/**
 * The step-up dialog's behaviour (POST /admin/step-up): the way of confirming follows the admin's
 * factors, and `onConfirmed` runs once the server has opened dangerous actions for a while.
 */
export function useStepUp(onConfirmed: () => void) {
  const { http, authUrl } = useServices();
  const status = useMfaStatus();
  const [useRecovery, setUseRecovery] = useState(false);
  const [generalError, setGeneralError] = useState<ViewText | null>(null);
  const form = useForm<StepUpValues>({
    defaultValues: { code: '', recovery_code: '', password: '' },
    mode: 'onSubmit',
  });
  const method = status.data ? stepUpMethod(status.data, useRecovery) : null;
  const [passkeyBusy, setPasskeyBusy] = useState(false);
  const values = useWatch({ control: form.control, name: FIELDS });
  const value = method ? (values[FIELDS.indexOf(STEP_UP_FIELD[method])] ?? '') : '';

  async function send(typed: StepUpValues): Promise<void> {
    if (!method) return;
    try {
      await http.post<StepUpResponse>(
        authUrl('/admin/step-up'),
        stepUpBody(method, typed[STEP_UP_FIELD[method]]),
      );
      onConfirmed();
    } catch (error) {
      const view = formErrorToView(error, FIELDS);
      applyServerFieldErrors(form.setError, view.fields);
      setGeneralError(view.general);
    }
  }

  /** The browser's passkey prompt; its answer confirms like a code. Closing the prompt does nothing. */
  async function confirmWithPasskey(): Promise<void> {
    setGeneralError(null);
    setPasskeyBusy(true);
    try {
      const options = await http.post<unknown>(authUrl('/admin/step-up/passkey-options'));
      const outcome = await signWithPasskey(options);
      if (outcome.kind === 'failed')
        setGeneralError({ key: 'login.mfa.passkeyFailed', params: { message: outcome.message } });
      if (outcome.kind === 'done') {
        await http.post<StepUpResponse>(authUrl('/admin/step-up'), { webauthn: outcome.response });
        onConfirmed();
      }
    } catch (error) {
      setGeneralError(formErrorToView(error, FIELDS).general ?? { key: 'common.unknownError' });
    } finally {
      setPasskeyBusy(false);
    }
  }

  function submit(event: React.FormEvent): void {
    event.preventDefault();
    setGeneralError(null);
    void form.handleSubmit(send)(event);
  }

  function switchMethod(): void {
    form.clearErrors();
    form.setValue('code', '');
    form.setValue('recovery_code', '');
    setGeneralError(null);
    setUseRecovery((current) => !current);
  }

  return {
    form,
    method,
    loading: status.isPending,
    loadFailed: status.isError,
    submit,
    switchMethod,
    generalError,
    canUsePasskey: (status.data?.passkeys.length ?? 0) > 0,
    confirmWithPasskey: () => void confirmWithPasskey(),
    passkeyBusy,
    /** Without an authenticator the recovery code is the typed fallback, with nothing to switch to. */
    canSwitch: status.data?.totp === true,
    busy: form.formState.isSubmitting,
    canSubmit: value.trim() !== '' && !form.formState.isSubmitting,
  };
}
