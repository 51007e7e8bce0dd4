import type { ChangePasswordRequest } from '@pult/contract';
import { type FormEvent, useState } from 'react';
import { usePublic } from '../../public-entry/public-context';
import { CHANGE_PASSWORD_FIELDS, isChangePasswordComplete } from './change-password-rules';
import { warmUp } from './load-auth-actions';
import { usePasswordFormOutcome } from './use-password-form-outcome';

/** State and actions of the change-password screen, for a code taken from the link (spec §2, §5, §8). */
export function useChangePassword(code: string) {
  const { config, locale } = usePublic();
  const [values, setValues] = useState<ChangePasswordRequest>({ code, password: '', password_repeat: '' });
  const outcome = usePasswordFormOutcome(CHANGE_PASSWORD_FIELDS, 'changePassword.success');

  function submit(event: FormEvent): void {
    event.preventDefault();
    if (!isChangePasswordComplete(values) || outcome.submitting || outcome.done) return;
    void outcome.run(
      (actions) => actions.changePasswordProblems(values, locale),
      (actions) => actions.postChangePassword({ authServiceUrl: config.authServiceUrl, locale }, values),
    );
  }

  function change(field: 'password' | 'password_repeat', value: string): void {
    warmUp({ panelIn: null });
    const next = { ...values, [field]: value };
    setValues(next);
    // Editing the password re-checks the repeat too, so "do not match" clears as soon as they do.
    outcome.recheck((actions) => actions.changePasswordProblems(next, locale));
  }

  return {
    values,
    change,
    submit,
    canSubmit: isChangePasswordComplete(values) && !outcome.submitting && !outcome.done,
    ...outcome,
  };
}
