import type { MfaChallenge, TokenPair } from '@pult/contract';
import { type FormEvent, useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { useServices } from '../../app/services-context';
import { SERVER_ERROR_TYPE } from '../../forms/field-error-text';
import type { ViewText } from '../../forms/view-text';
import { postSigninMfa } from './auth-api';
import { readSigninTokens } from './signin-error';
import { MFA_FIELD, type MfaStepMethod, mfaErrorToView, mfaStepBody } from './signin-mfa';

export interface MfaStepValues {
  code: string;
  recovery_code: string;
}

export interface SigninMfaOptions {
  challenge: MfaChallenge;
  /** The step passed: store the tokens and go on, as after a plain sign-in. */
  onSignedIn: (tokens: TokenPair) => void;
  /** Back to the password, with a text to show there (an expired step) or none (the user's choice). */
  onLeave: (text: ViewText | null) => void;
  /** The sign-in's error dialog (spec §2). */
  onDialog: (text: ViewText) => void;
}

/** State and actions of the sign-in's second step: a code, or a recovery code (issue 21). */
export function useSigninMfa({ challenge, onSignedIn, onLeave, onDialog }: SigninMfaOptions) {
  const services = useServices();
  const [method, setMethod] = useState<MfaStepMethod>('totp');
  const [generalError, setGeneralError] = useState<ViewText | null>(null);
  const form = useForm<MfaStepValues>({ defaultValues: { code: '', recovery_code: '' }, mode: 'onSubmit' });
  const field = MFA_FIELD[method];
  // Both fields watched under fixed names: a subscription that changes its name with the method
  // could miss the first keystroke in the other field.
  const [code = '', recoveryCode = ''] = useWatch({ control: form.control, name: ['code', 'recovery_code'] });
  const value = method === 'totp' ? code : recoveryCode;

  async function send(values: MfaStepValues): Promise<void> {
    try {
      const body = await postSigninMfa(services, mfaStepBody(challenge.mfa_token, method, values[field]));
      const tokens = readSigninTokens(body);
      if (tokens) onSignedIn(tokens);
      else onDialog({ key: 'login.invalidResponse' });
    } catch (error) {
      const view = mfaErrorToView(error, method);
      if (view.kind === 'field') {
        form.setError(field, { type: SERVER_ERROR_TYPE, message: view.text }, { shouldFocus: true });
      } else if (view.kind === 'general') setGeneralError(view.text);
      else if (view.kind === 'expired') onLeave(view.text);
      else onDialog(view.text);
    }
  }

  function submit(event: FormEvent): void {
    event.preventDefault();
    setGeneralError(null);
    void form.handleSubmit(send)(event);
  }

  /** Code ↔ recovery code: the other field starts clean. */
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
    submit,
    switchMethod,
    canUseRecovery: challenge.methods.includes('recovery'),
    canSubmit: value.trim() !== '' && !form.formState.isSubmitting,
    submitting: form.formState.isSubmitting,
    generalError,
    back: () => onLeave(null),
  };
}
