import { zodResolver } from '@hookform/resolvers/zod';
import { type Profile, type ProfileUpdate, profileUpdateSchema } from '@pult/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { useServices } from '../../app/services-context';
import { applyServerFieldErrors } from '../../forms/apply-server-errors';
import { formErrorToView } from '../../forms/form-error-view';
import { useViewText } from '../../forms/use-view-text';
import { isHttpError } from '../../http/http-error';
import { notifier } from '../../notify/notifier';
import { profileKeys, putProfile } from './profile-api';
import { PROFILE_FORM_FIELDS, toProfileFormValues, toProfileUpdate } from './profile-form-values';

type ProfileFormInput = z.input<typeof profileUpdateSchema>;

/** The profile edit form: validated by the contract's schema, saved with PUT /admin/profile. */
export function useProfileForm(profile: Profile) {
  const services = useServices();
  const queryClient = useQueryClient();
  const { t } = useTranslation();
  const viewText = useViewText();
  const form = useForm<ProfileFormInput, unknown, ProfileUpdate>({
    defaultValues: toProfileFormValues(profile),
    mode: 'onTouched',
    resolver: zodResolver(profileUpdateSchema),
  });

  const save = useMutation({
    mutationFn: (values: ProfileUpdate) => putProfile(services, toProfileUpdate(values)),
    onSuccess: (saved) => {
      queryClient.setQueryData(profileKeys.full, saved);
      // The top bar's name and photo come from profile-basic.
      void queryClient.invalidateQueries({ queryKey: profileKeys.basic });
      form.reset(toProfileFormValues(saved));
      notifier.notify('success', t('common.saveSuccess'));
    },
    onError: (error) => {
      // A 403 has already been announced by the HTTP client.
      if (isHttpError(error) && error.status === 403) return;
      const view = formErrorToView(error, PROFILE_FORM_FIELDS);
      applyServerFieldErrors(form.setError, view.fields);
      notifier.notify('error', view.general ? viewText(view.general) : t('common.saveError'));
    },
  });

  return {
    form,
    // Failures are shown by onError; `mutate` never rejects.
    submit: form.handleSubmit((values) => save.mutate(values)),
    saving: save.isPending,
    canSave: form.formState.isDirty && !save.isPending,
  };
}
