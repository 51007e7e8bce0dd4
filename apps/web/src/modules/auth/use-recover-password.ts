import { zodResolver } from '@hookform/resolvers/zod';
import { type RecoverPasswordRequest, recoverPasswordRequestSchema } from '@pult/contract';
import { useForm, useWatch } from 'react-hook-form';
import { useServices } from '../../app/services-context';
import { postRecoverPassword } from './auth-api';
import { usePasswordFormOutcome } from './use-password-form-outcome';

const FIELDS = ['email'] as const;

/** State and actions of the password-recovery screen (spec §2, §5, §8). */
export function useRecoverPassword() {
  const services = useServices();
  const form = useForm<RecoverPasswordRequest>({
    defaultValues: { email: '' },
    // Validating on blur would push the links below the fields away from a pointer reaching for them.
    mode: 'onSubmit',
    resolver: zodResolver(recoverPasswordRequestSchema),
  });
  const email = useWatch({ control: form.control, name: 'email' }) ?? '';
  const { run, done, generalError } = usePasswordFormOutcome(form.setError, FIELDS, 'recover.success');

  return {
    form,
    submit: form.handleSubmit((values) => run(() => postRecoverPassword(services, values))),
    canSubmit: email !== '' && !form.formState.isSubmitting && !done,
    submitting: form.formState.isSubmitting,
    generalError,
  };
}
