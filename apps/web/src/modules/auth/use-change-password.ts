import { zodResolver } from '@hookform/resolvers/zod';
import { type ChangePasswordRequest, changePasswordRequestSchema } from '@pult/contract';
import { type FormEvent, useEffect } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { useServices } from '../../app/services-context';
import { postChangePassword } from './auth-api';
import { CHANGE_PASSWORD_FIELDS, isChangePasswordComplete } from './change-password-rules';
import { usePasswordFormOutcome } from './use-password-form-outcome';

/** State and actions of the change-password screen, for a code taken from the link (spec §2, §5, §8). */
export function useChangePassword(code: string) {
  const services = useServices();
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
  const { run, done, generalError } = usePasswordFormOutcome(
    form.setError,
    CHANGE_PASSWORD_FIELDS,
    'changePassword.success',
  );
  // Editing the password re-checks a repeat the user has already filled in, so "do not match" clears.
  useEffect(() => {
    if (password !== '' && form.getFieldState('password_repeat').isTouched)
      void form.trigger('password_repeat');
  }, [password, form]);
  const complete = isChangePasswordComplete({ code, password, password_repeat: passwordRepeat });

  function submit(event: FormEvent): void {
    event.preventDefault();
    if (!isChangePasswordComplete(form.getValues()) || done) return;
    void form.handleSubmit((values) => run(() => postChangePassword(services, values)))(event);
  }

  return {
    form,
    submit,
    canSubmit: complete && !form.formState.isSubmitting && !done,
    submitting: form.formState.isSubmitting,
    generalError,
  };
}
