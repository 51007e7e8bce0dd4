import { zodResolver } from '@hookform/resolvers/zod';
import { type ChangePasswordRequest, changePasswordRequestSchema } from '@pult/contract';
import { type FormEvent, useEffect, useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { useServices } from '../../app/services-context';
import { applyServerFieldErrors } from '../../forms/apply-server-errors';
import { formErrorToView } from '../../forms/form-error-view';
import type { ViewText } from '../../forms/view-text';
import { notifier } from '../../notify/notifier';
import { postChangePassword } from './auth-api';
import { successMessage } from './success-text';
import { useRedirectHomeLater } from './use-redirect-home-later';

const FIELDS = ['code', 'password', 'password_repeat'] as const;

/** Spec §5: submit is disabled, and does nothing, while any field is empty. */
export function isChangePasswordComplete(values: Partial<ChangePasswordRequest>): boolean {
  return FIELDS.every((field) => (values[field] ?? '') !== '');
}

/** State and actions of the change-password screen, for a code taken from the link (spec §2, §5, §8). */
export function useChangePassword(code: string) {
  const services = useServices();
  const { t } = useTranslation();
  const redirectHomeLater = useRedirectHomeLater();
  const form = useForm<ChangePasswordRequest>({
    defaultValues: { code, password: '', password_repeat: '' },
    // Validating on blur would push the links below the fields away from a pointer reaching for them.
    mode: 'onSubmit',
    resolver: zodResolver(changePasswordRequestSchema),
  });
  const [password = '', passwordRepeat = ''] = useWatch({
    control: form.control,
    name: ['password', 'password_repeat'],
  });
  const [generalError, setGeneralError] = useState<ViewText | null>(null);
  const [done, setDone] = useState(false);
  // Editing the password re-checks a repeat the user has already filled in, so "do not match" clears.
  useEffect(() => {
    if (password !== '' && form.getFieldState('password_repeat').isTouched)
      void form.trigger('password_repeat');
  }, [password, form]);
  const complete = isChangePasswordComplete({ code, password, password_repeat: passwordRepeat });

  const send = async (values: ChangePasswordRequest) => {
    setGeneralError(null);
    try {
      const body = await postChangePassword(services, values);
      notifier.notify('success', successMessage(body) ?? t('changePassword.success'));
      setDone(true);
      redirectHomeLater();
    } catch (error) {
      const view = formErrorToView(error, FIELDS);
      applyServerFieldErrors(form.setError, view.fields);
      setGeneralError(view.general);
    }
  };

  function submit(event: FormEvent): void {
    event.preventDefault();
    if (!isChangePasswordComplete(form.getValues()) || done) return;
    void form.handleSubmit(send)(event);
  }

  return {
    form,
    submit,
    canSubmit: complete && !form.formState.isSubmitting && !done,
    submitting: form.formState.isSubmitting,
    generalError,
  };
}
