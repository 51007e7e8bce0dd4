import { SUCCESS_REDIRECT_DELAY_MS } from '@pult/contract';
import { useEffect, useRef, useState } from 'react';
import type { TextKey, ViewText } from '../../forms/view-text';
import { usePublic } from '../../public-entry/public-context';
import { type AuthActions, loadAuthActions } from './load-auth-actions';

/**
 * What the recovery and change-password screens do with their one call (spec §4, §8): a success
 * notice and '/' two seconds later, or the server's texts under the fields and above the form.
 */
export function usePasswordFormOutcome<F extends string>(fields: readonly F[], successKey: TextKey) {
  const { text, navigate } = usePublic();
  const [errors, setErrors] = useState<Partial<Record<F, ViewText>>>({});
  const [generalError, setGeneralError] = useState<ViewText | null>(null);
  const [success, setSuccess] = useState<string | null>(null);
  const [submitting, setSubmitting] = useState(false);
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);
  // Set by the first submit: from then on every change is checked again, as the panel's forms do.
  const checked = useRef<AuthActions | null>(null);
  // Leaving the page early must not yank the user back to '/' from wherever they went.
  useEffect(
    () => () => {
      if (timer.current) clearTimeout(timer.current);
    },
    [],
  );

  /** `check` answers the fields' problems (none: the call goes out); `call` is the request. */
  async function run(
    check: (actions: AuthActions) => Partial<Record<F, ViewText>>,
    call: (actions: AuthActions) => Promise<unknown>,
  ): Promise<void> {
    setGeneralError(null);
    setSubmitting(true);
    try {
      const actions = await loadAuthActions();
      checked.current = actions;
      const problems = check(actions);
      setErrors(problems);
      if (Object.values(problems).some((problem) => problem !== undefined)) return;
      try {
        const body = await call(actions);
        setSuccess(actions.successMessage(body) ?? text({ key: successKey }));
        timer.current = setTimeout(() => navigate('/'), SUCCESS_REDIRECT_DELAY_MS);
      } catch (error) {
        const view = actions.formErrorToView(error, fields);
        setErrors(
          Object.fromEntries(Object.entries(view.fields).map(([field, raw]) => [field, { raw }])) as Partial<
            Record<F, ViewText>
          >,
        );
        setGeneralError(view.general);
      }
    } catch {
      setGeneralError({ key: 'common.unknownError' });
    } finally {
      setSubmitting(false);
    }
  }

  /** After the first submit, the fields' problems as they are now; before it, none are shown. */
  function recheck(check: (actions: AuthActions) => Partial<Record<F, ViewText>>): void {
    setErrors(checked.current ? check(checked.current) : {});
  }

  return { run, recheck, errors, generalError, success, done: success !== null, submitting };
}
