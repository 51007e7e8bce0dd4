import type { MfaChallenge, SigninMfaRequest, TokenPair } from '@pult/contract';
import { type FormEvent, useState } from 'react';
import type { ViewText } from '../../forms/view-text';
import { usePublic } from '../../public-entry/public-context';
import { type AuthActions, loadAuthActions } from './load-auth-actions';
import { MFA_FIELD, type MfaStepMethod, mfaStepBody, validateMfaValue } from './signin-mfa';

export interface SigninMfaOptions {
  challenge: MfaChallenge;
  /** The step passed: store the tokens and go on, as after a plain sign-in. */
  onSignedIn: (tokens: TokenPair) => void;
  /** Back to the password, with a text to show there (an expired step) or none (the user's choice). */
  onLeave: (text: ViewText | null) => void;
  /** The sign-in's error dialog (spec §2). */
  onDialog: (text: ViewText) => void;
}

/** State and actions of the sign-in's second step: a code, a passkey, or a recovery code (issue 21). */
export function useSigninMfa({ challenge, onSignedIn, onLeave, onDialog }: SigninMfaOptions) {
  const { config, locale } = usePublic();
  const api = { authServiceUrl: config.authServiceUrl, locale };
  // An admin with passkeys only has no authenticator code to type: the recovery code is the fallback.
  const [method, setMethod] = useState<MfaStepMethod>(
    challenge.methods.includes('totp') ? 'totp' : 'recovery',
  );
  const [value, setValue] = useState('');
  const [fieldError, setFieldError] = useState<ViewText | null>(null);
  const [generalError, setGeneralError] = useState<ViewText | null>(null);
  const [submitting, setSubmitting] = useState(false);
  const [passkeyBusy, setPasskeyBusy] = useState(false);

  async function run(call: (actions: AuthActions) => Promise<void>): Promise<void> {
    const actions = await loadAuthActions();
    try {
      await call(actions);
    } catch (error) {
      const view = actions.mfaErrorToView(error, method);
      if (view.kind === 'field') setFieldError({ raw: view.text });
      else if (view.kind === 'general') setGeneralError(view.text);
      else if (view.kind === 'expired') onLeave(view.text);
      else onDialog(view.text);
    }
  }

  async function complete(actions: AuthActions, body: SigninMfaRequest): Promise<void> {
    const tokens = actions.readSigninTokens(await actions.postSigninMfa(api, body));
    if (tokens) onSignedIn(tokens);
    else onDialog({ key: 'login.invalidResponse' });
  }

  function submit(event: FormEvent): void {
    event.preventDefault();
    setGeneralError(null);
    setSubmitting(true);
    void run(async (actions) => {
      const verdict = validateMfaValue(method, value);
      if (verdict !== true) {
        setFieldError({ raw: actions.contractText(verdict, locale) });
        return;
      }
      setFieldError(null);
      await complete(actions, mfaStepBody(challenge.mfa_token, method, value));
    }).finally(() => setSubmitting(false));
  }

  /** The browser's passkey prompt, then the step with its answer; closing the prompt does nothing. */
  function confirmWithPasskey(): void {
    setGeneralError(null);
    setPasskeyBusy(true);
    void run(async (actions) => {
      const options = await actions.postSigninPasskeyOptions(api, challenge.mfa_token);
      const outcome = await actions.signWithPasskey(options);
      if (outcome.kind === 'failed')
        setGeneralError({ key: 'login.mfa.passkeyFailed', params: { message: outcome.message } });
      if (outcome.kind === 'done')
        await complete(actions, { mfa_token: challenge.mfa_token, webauthn: outcome.response });
    }).finally(() => setPasskeyBusy(false));
  }

  /** Code ↔ recovery code: the other field starts clean. */
  function switchMethod(): void {
    setValue('');
    setFieldError(null);
    setGeneralError(null);
    setMethod(method === 'totp' ? 'recovery' : 'totp');
  }

  return {
    method,
    field: MFA_FIELD[method],
    value,
    change: (next: string) => {
      setValue(next);
      if (fieldError) setFieldError(null);
    },
    fieldError,
    submit,
    switchMethod,
    canUseRecovery: challenge.methods.includes('recovery') && challenge.methods.includes('totp'),
    canUsePasskey: challenge.methods.includes('webauthn'),
    passkeyFirst: challenge.methods.includes('webauthn') && !challenge.methods.includes('totp'),
    confirmWithPasskey,
    passkeyBusy,
    canSubmit: value.trim() !== '' && !submitting,
    submitting,
    generalError,
    back: () => onLeave(null),
  };
}
