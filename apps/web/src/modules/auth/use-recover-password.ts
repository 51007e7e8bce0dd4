import { type FormEvent, useState } from 'react';
import { usePublic } from '../../public-entry/public-context';
import { warmUp } from './load-auth-actions';
import { usePasswordFormOutcome } from './use-password-form-outcome';

const FIELDS = ['email'] as const;

/** State and actions of the password-recovery screen (spec §2, §5, §8). */
export function useRecoverPassword() {
  const { config, locale } = usePublic();
  const [email, setEmail] = useState('');
  const outcome = usePasswordFormOutcome(FIELDS, 'recover.success');

  function submit(event: FormEvent): void {
    event.preventDefault();
    if (outcome.submitting || outcome.done) return;
    void outcome.run(
      (actions) => actions.recoverProblems({ email }, locale),
      (actions) => actions.postRecoverPassword({ authServiceUrl: config.authServiceUrl, locale }, { email }),
    );
  }

  return {
    email,
    change: (value: string) => {
      warmUp({ panelIn: null });
      setEmail(value);
      outcome.recheck((actions) => actions.recoverProblems({ email: value }, locale));
    },
    submit,
    canSubmit: email !== '' && !outcome.submitting && !outcome.done,
    ...outcome,
  };
}
