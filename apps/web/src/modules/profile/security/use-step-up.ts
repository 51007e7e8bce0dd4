import type { StepUpRequest, StepUpResponse } from '@pult/contract';
import { useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { useServices } from '../../../app/services-context';
import { applyServerFieldErrors } from '../../../forms/apply-server-errors';
import { formErrorToView } from '../../../forms/form-error-view';
import type { ViewText } from '../../../forms/view-text';
import { type MfaProofValues, proofBody } from './use-mfa-proof';
import { useMfaStatus } from './use-mfa-status';

/** How the administrator confirms: their authenticator, a recovery code, or (with no factor) the password. */
export type StepUpMethod = 'totp' | 'recovery' | 'password';

export interface StepUpValues extends MfaProofValues {
  password: string;
}

const FIELDS = ['code', 'recovery_code', 'password'] as const;
export const STEP_UP_FIELD = { totp: 'code', recovery: 'recovery_code', password: 'password' } as const;

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
  const method: StepUpMethod | null = status.data
    ? status.data.totp
      ? useRecovery
        ? 'recovery'
        : 'totp'
      : 'password'
    : null;
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
    busy: form.formState.isSubmitting,
    canSubmit: value.trim() !== '' && !form.formState.isSubmitting,
  };
}
