import { useState } from 'react';
import type { FieldValues, Path, UseFormSetError } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { applyServerFieldErrors } from '../../forms/apply-server-errors';
import { formErrorToView } from '../../forms/form-error-view';
import type { TextKey, ViewText } from '../../forms/view-text';
import { notifier } from '../../notify/notifier';
import { successMessage } from './success-text';
import { useRedirectHomeLater } from './use-redirect-home-later';

/**
 * What the recovery and change-password screens do with their one call (spec §4, §8): a success
 * notice and '/' two seconds later, or the server's texts under the fields and above the form.
 */
export function usePasswordFormOutcome<V extends FieldValues>(
  setError: UseFormSetError<V>,
  fields: readonly Path<V>[],
  successKey: TextKey,
) {
  const { t } = useTranslation();
  const redirectHomeLater = useRedirectHomeLater();
  const [generalError, setGeneralError] = useState<ViewText | null>(null);
  const [done, setDone] = useState(false);

  async function run(call: () => Promise<unknown>): Promise<void> {
    setGeneralError(null);
    try {
      const body = await call();
      notifier.notify('success', successMessage(body) ?? t(successKey));
      setDone(true);
      redirectHomeLater();
    } catch (error) {
      const view = formErrorToView(error, fields);
      applyServerFieldErrors(setError, view.fields);
      setGeneralError(view.general);
    }
  }

  return { run, done, generalError };
}
