import type { MfaChallenge, SigninMfaRequest, TokenPair } from '@pult/contract';
import { type FormEvent, useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { useServices } from '../../app/services-context';
import { SERVER_ERROR_TYPE } from '../../forms/field-error-text';
import type { ViewText } from '../../forms/view-text';
import { postSigninMfa, postSigninPasskeyOptions } from './auth-api';
import { signWithPasskey } from './passkey-browser';
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
  // An admin with passkeys only has no authenticator code to type: the recovery code is the fallback.
  const [method, setMethod] = useState<MfaStepMethod>(
    challenge.methods.includes('totp') ? 'totp' : 'recovery',
  );
  const [passkeyBusy, setPasskeyBusy] = useState(false);
  const [generalError, setGeneralError] = useState<ViewText | null>(null);
  const form = useForm<MfaStepValues>({ defaultValues: { code: '', recovery_code: '' }, mode: 'onSubmit' });
  const field = MFA_FIELD[method];
  // Both fields watched under fixed names: a subscription that changes its name with the method
  // could miss the first keystroke in the other field.
  const [code = '', recoveryCode = ''] = useWatch({ control: form.control, name: ['code', 'recovery_code'] });
  const value = method === 'totp' ? code : recoveryCode;

  function showError(error: unknown): void {
    const view = mfaErrorToView(error, method);
    if (view.kind === 'field') {
      form.setError(field, { type: SERVER_ERROR_TYPE, message: view.text }, { shouldFocus: true });
    } else if (view.kind === 'general') setGeneralError(view.text);
    else if (view.kind === 'expired') onLeave(view.text);
    else onDialog(view.text);
  }

  async function complete(body: SigninMfaRequest): Promise<void> {
    const tokens = readSigninTokens(await postSigninMfa(services, body));
    if (tokens) onSignedIn(tokens);
    else onDialog({ key: 'login.invalidResponse' });
  }

  async function send(values: MfaStepValues): Promise<void> {
    try {
      await complete(mfaStepBody(challenge.mfa_token, method, values[field]));
    } catch (error) {
      showError(error);
    }
  }

  /** The browser's passkey prompt, then the step with its answer; closing the prompt does nothing. */
  async function confirmWithPasskey(): Promise<void> {
    setGeneralError(null);
    setPasskeyBusy(true);
    try {
      const options = await postSigninPasskeyOptions(services, challenge.mfa_token);
      const outcome = await signWithPasskey(options);
      if (outcome.kind === 'failed')
        setGeneralError({ key: 'login.mfa.passkeyFailed', params: { message: outcome.message } });
      if (outcome.kind === 'done')
        await complete({ mfa_token: challenge.mfa_token, webauthn: outcome.response });
    } catch (error) {
      showError(error);
    } finally {
      setPasskeyBusy(false);
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
    canUseRecovery: challenge.methods.includes('recovery') && challenge.methods.includes('totp'),
    canUsePasskey: challenge.methods.includes('webauthn'),
    passkeyFirst: challenge.methods.includes('webauthn') && !challenge.methods.includes('totp'),
    confirmWithPasskey: () => void confirmWithPasskey(),
    passkeyBusy,
    canSubmit: value.trim() !== '' && !form.formState.isSubmitting,
    submitting: form.formState.isSubmitting,
    generalError,
    back: () => onLeave(null),
  };
}
