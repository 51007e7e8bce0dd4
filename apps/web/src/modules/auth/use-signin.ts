import type { MfaChallenge, TokenPair } from '@pult/contract';
import { type FormEvent, type KeyboardEvent, useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { useNavigate } from 'react-router';
import { useServices } from '../../app/services-context';
import { applyServerFieldErrors } from '../../forms/apply-server-errors';
import type { ViewText } from '../../forms/view-text';
import { postSignin } from './auth-api';
import { readMfaChallenge, readSigninTokens, type SigninErrorView, signinErrorToView } from './signin-error';
import { canSubmitSignin, isSigninIncomplete, type SigninValues } from './signin-rules';

/**
 * State and actions of the sign-in screen (spec §2, §5, §8). An admin with a second factor gets a
 * challenge instead of tokens: `challenge` is then set and the card shows the second step
 * (`use-signin-mfa.ts`), which ends in `finish` or comes back here with `leaveChallenge`.
 */
export function useSignin() {
  const services = useServices();
  const navigate = useNavigate();
  // Validating on blur would push "Forgot password?" away from a pointer reaching for it.
  const form = useForm<SigninValues>({ defaultValues: { email: '', password: '' }, mode: 'onSubmit' });
  const [email = '', password = ''] = useWatch({ control: form.control, name: ['email', 'password'] });
  const [dialog, setDialog] = useState<ViewText | null>(null);
  const [generalError, setGeneralError] = useState<ViewText | null>(null);
  const [challenge, setChallenge] = useState<MfaChallenge | null>(null);

  function finish(tokens: TokenPair): void {
    services.session.signIn(tokens);
    navigate('/dashboard', { replace: true });
  }

  /** Back to the first step; the password is asked again (the step it opened is spent or gone). */
  function leaveChallenge(text: ViewText | null): void {
    form.resetField('password');
    setGeneralError(text);
    setChallenge(null);
  }

  function show(view: SigninErrorView): void {
    if (view.kind === 'dialog') setDialog(view.text);
    else if (view.kind === 'general') setGeneralError(view.text);
    else {
      applyServerFieldErrors(form.setError, view.fields);
      setGeneralError(view.general);
    }
  }

  async function send(values: SigninValues): Promise<void> {
    try {
      const body = await postSignin(services, { email: values.email.trim(), password: values.password });
      const tokens = readSigninTokens(body);
      if (tokens) {
        finish(tokens);
        return;
      }
      const mfa = readMfaChallenge(body);
      if (mfa) setChallenge(mfa);
      else setDialog({ key: 'login.invalidResponse' });
    } catch (error) {
      show(signinErrorToView(error));
    }
  }

  function submit(event: FormEvent): void {
    event.preventDefault();
    // A new attempt replaces whatever the previous one reported.
    setGeneralError(null);
    if (isSigninIncomplete(form.getValues())) {
      setDialog({ key: 'login.fillBoth' });
      return;
    }
    void form.handleSubmit(send)(event);
  }

  const canSubmit = canSubmitSignin({ email, password }) && !form.formState.isSubmitting;

  /**
   * A disabled submit button blocks the browser's submit-on-Enter, so Enter with an empty field would
   * do nothing at all; answer it with the login.fillBoth dialog instead (spec §8).
   */
  function submitOnEnter(event: KeyboardEvent<HTMLFormElement>): void {
    if (event.key !== 'Enter' || !(event.target instanceof HTMLInputElement)) return;
    if (!isSigninIncomplete(form.getValues())) return;
    submit(event);
  }

  return {
    form,
    submit,
    submitOnEnter,
    canSubmit,
    submitting: form.formState.isSubmitting,
    generalError,
    dialog,
    showDialog: setDialog,
    closeDialog: () => setDialog(null),
    challenge,
    finish,
    leaveChallenge,
  };
}
