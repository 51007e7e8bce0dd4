import { zodResolver } from '@hookform/resolvers/zod';
import { type RecoverPasswordRequest, recoverPasswordRequestSchema } from '@pult/contract';
import { useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { useServices } from '../../app/services-context';
import { applyServerFieldErrors } from '../../forms/apply-server-errors';
import { formErrorToView } from '../../forms/form-error-view';
import type { ViewText } from '../../forms/view-text';
import { notifier } from '../../notify/notifier';
import { postRecoverPassword } from './auth-api';
import { successMessage } from './success-text';
import { useRedirectHomeLater } from './use-redirect-home-later';

/** State and actions of the password-recovery screen (spec §2, §5, §8). */
export function useRecoverPassword() {
  const services = useServices();
  const { t } = useTranslation();
  const redirectHomeLater = useRedirectHomeLater();
  const form = useForm<RecoverPasswordRequest>({
    defaultValues: { email: '' },
    // Validating on blur would push the links below the fields away from a pointer reaching for them.
    mode: 'onSubmit',
    resolver: zodResolver(recoverPasswordRequestSchema),
  });
  const email = useWatch({ control: form.control, name: 'email' }) ?? '';
  const [generalError, setGeneralError] = useState<ViewText | null>(null);
  const [done, setDone] = useState(false);

  const submit = form.handleSubmit(async (values) => {
    setGeneralError(null);
    try {
      const body = await postRecoverPassword(services, values);
      notifier.notify('success', successMessage(body) ?? t('recover.success'));
      setDone(true);
      redirectHomeLater();
    } catch (error) {
      const view = formErrorToView(error, ['email'] as const);
      applyServerFieldErrors(form.setError, view.fields);
      setGeneralError(view.general);
    }
  });

  return {
    form,
    submit,
    canSubmit: email !== '' && !form.formState.isSubmitting && !done,
    submitting: form.formState.isSubmitting,
    generalError,
  };
}
