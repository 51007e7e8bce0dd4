import type { MfaChallenge, TokenPair } from '@pult/contract';
import { type FormEvent, type KeyboardEvent, useRef, useState } from 'react';
import type { TextKey, ViewText } from '../../forms/view-text';
import { usePublic } from '../../public-entry/public-context';
import { loadAuthActions, warmUp } from './load-auth-actions';
import type { SigninErrorView, SigninField } from './signin-error';
import {
  canSubmitSignin,
  isSigninIncomplete,
  type SigninValues,
  validateSigninEmail,
  validateSigninPassword,
} from './signin-rules';

const CHECKS: Record<SigninField, (value: string) => true | TextKey> = {
  email: validateSigninEmail,
  password: validateSigninPassword,
};

function problemOf(field: SigninField, value: string): ViewText | undefined {
  const verdict = CHECKS[field](value);
  return verdict === true ? undefined : { key: verdict };
}

/**
 * State and actions of the sign-in screen (spec §2, §5, §8). An admin with a second factor gets a
 * challenge instead of tokens: `challenge` is then set and the card shows the second step
 * (`use-signin-mfa.ts`), which ends in `finish` or comes back here with `leaveChallenge`.
 */
export function useSignin() {
  const { config, locale, openPanel } = usePublic();
  const [values, setValues] = useState<SigninValues>({ email: '', password: '' });
  // Checked on submit, then on every change (validating on blur would move the links under a pointer).
  const [submitted, setSubmitted] = useState(false);
  const [errors, setErrors] = useState<Partial<Record<SigninField, ViewText>>>({});
  const [dialog, setDialog] = useState<ViewText | null>(null);
  const [generalError, setGeneralError] = useState<ViewText | null>(null);
  const [challenge, setChallenge] = useState<MfaChallenge | null>(null);
  const [submitting, setSubmitting] = useState(false);
  const inputs = { email: useRef<HTMLInputElement>(null), password: useRef<HTMLInputElement>(null) };

  function change(field: SigninField, value: string): void {
    warmUp({ panelIn: locale });
    setValues((previous) => ({ ...previous, [field]: value }));
    setErrors((previous) => ({ ...previous, [field]: submitted ? problemOf(field, value) : undefined }));
  }

  function finish(tokens: TokenPair): void {
    openPanel(tokens);
  }

  /** Back to the first step; the password is asked again (the step it opened is spent or gone). */
  function leaveChallenge(text: ViewText | null): void {
    setValues((previous) => ({ ...previous, password: '' }));
    setGeneralError(text);
    setChallenge(null);
  }

  function show(view: SigninErrorView): void {
    if (view.kind === 'dialog') setDialog(view.text);
    else if (view.kind === 'general') setGeneralError(view.text);
    else {
      setErrors(
        Object.fromEntries(Object.entries(view.fields).map(([field, text]) => [field, { raw: text }])),
      );
      setGeneralError(view.general);
    }
  }

  async function send(): Promise<void> {
    setSubmitting(true);
    const actions = await loadAuthActions().catch(() => null);
    try {
      if (!actions) throw new Error('The sign-in code could not be loaded');
      const body = await actions.postSignin(
        { authServiceUrl: config.authServiceUrl, locale },
        {
          email: values.email.trim(),
          password: values.password,
        },
      );
      const tokens = actions.readSigninTokens(body);
      if (tokens) return finish(tokens);
      const mfa = actions.readMfaChallenge(body);
      if (mfa) setChallenge(mfa);
      else setDialog({ key: 'login.invalidResponse' });
    } catch (error) {
      show(
        actions ? actions.signinErrorToView(error) : { kind: 'dialog', text: { key: 'common.unknownError' } },
      );
    } finally {
      setSubmitting(false);
    }
  }

  function submit(event: FormEvent): void {
    event.preventDefault();
    if (submitting) return;
    // A new attempt replaces whatever the previous one reported.
    setGeneralError(null);
    setSubmitted(true);
    if (isSigninIncomplete(values)) {
      setDialog({ key: 'login.fillBoth' });
      return;
    }
    const found = {
      email: problemOf('email', values.email),
      password: problemOf('password', values.password),
    };
    setErrors(found);
    const first = (['email', 'password'] as const).find((field) => found[field] !== undefined);
    if (first) {
      inputs[first].current?.focus();
      return;
    }
    void send();
  }

  /**
   * A disabled submit button blocks the browser's submit-on-Enter, so Enter with an empty field would
   * do nothing at all; answer it with the login.fillBoth dialog instead (spec §8).
   */
  function submitOnEnter(event: KeyboardEvent<HTMLFormElement>): void {
    if (event.key !== 'Enter' || !(event.target instanceof HTMLInputElement)) return;
    if (!isSigninIncomplete(values)) return;
    submit(event);
  }

  return {
    values,
    change,
    errors,
    inputs,
    submit,
    submitOnEnter,
    canSubmit: canSubmitSignin(values) && !submitting,
    submitting,
    generalError,
    dialog,
    showDialog: setDialog,
    closeDialog: () => setDialog(null),
    challenge,
    finish,
    leaveChallenge,
  };
}
