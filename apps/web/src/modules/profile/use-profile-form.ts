import { zodResolver } from '@hookform/resolvers/zod';
import { adminsResource, type Profile, type ProfileUpdate, profileUpdateSchema } from '@pult/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { usePermissions } from '../../access/use-permissions';
import { useServices } from '../../app/services-context';
import { applyServerFieldErrors } from '../../forms/apply-server-errors';
import { formErrorToView } from '../../forms/form-error-view';
import { useLiveRecord } from '../../forms/resource-form/use-live-record';
import { applyResolved, useRecordConflict } from '../../forms/resource-form/use-record-conflict';
import { useViewText } from '../../forms/use-view-text';
import { isHttpError } from '../../http/http-error';
import { useTranslation } from '../../i18n/use-translation';
import { notifier } from '../../notify/notifier';
import { getProfile, profileKeys, putProfile } from './profile-api';
import {
  PROFILE_CONFLICT_FIELDS,
  PROFILE_FORM_FIELDS,
  toProfileFormValues,
  toProfileUpdate,
} from './profile-form-values';

type ProfileFormInput = z.input<typeof profileUpdateSchema>;

/**
 * The profile edit form: validated by the contract's schema, saved with PUT /admin/profile at the
 * version it opened (`If-Match`), so a save from a second tab, or over an administrator's change made
 * through the administrators' form, asks instead of undoing it (the engine's conflict dialog).
 */
export function useProfileForm(profile: Profile, version: string | null) {
  const services = useServices();
  const queryClient = useQueryClient();
  const { t } = useTranslation();
  const viewText = useViewText();
  const check = usePermissions();
  const fields = PROFILE_CONFLICT_FIELDS;
  const [opened] = useState(() => ({ values: toProfileFormValues(profile), version }));
  const form = useForm<ProfileFormInput, unknown, ProfileUpdate>({
    defaultValues: opened.values,
    mode: 'onTouched',
    resolver: zodResolver(profileUpdateSchema),
  });
  const versioned = useRecordConflict({
    fields,
    opened,
    // The profile is the administrator's row in the audit log.
    recordId: check?.adminId,
    values: () => ({ ...form.getValues() }),
    apply: (next) => applyResolved(form, fields, next),
    view: (record) => toProfileFormValues(record as Profile),
  });

  const save = useMutation({
    mutationFn: (values: ProfileUpdate) =>
      versioned.save(
        (at) => putProfile(services, toProfileUpdate(values), at),
        () => getProfile(services),
      ),
    onSuccess: (saved) => {
      queryClient.setQueryData(profileKeys.full, saved);
      // The top bar's name and photo come from profile-basic.
      void queryClient.invalidateQueries({ queryKey: profileKeys.basic });
      form.reset(toProfileFormValues(saved.record));
      notifier.notify('success', t('common.saveSuccess'));
    },
    onError: (error) => {
      if (versioned.refused(error)) return;
      // A 403 has already been announced by the HTTP client.
      if (isHttpError(error) && error.status === 403) return;
      const view = formErrorToView(error, PROFILE_FORM_FIELDS);
      applyServerFieldErrors(form.setError, view.fields);
      notifier.notify('error', view.general ? viewText(view.general) : t('common.saveError'));
    },
  });

  const live = useLiveRecord({
    // The profile is the administrator's own `admins` row: its changes come as that record's.
    resource: adminsResource,
    recordId: check?.adminId,
    versioned,
    saving: save.isPending,
    read: () => getProfile(services),
    // The account facts beside the form show the profile as it is now too.
    onReloaded: (now) => queryClient.setQueryData(profileKeys.full, now),
  });

  return {
    form,
    // Failures are shown by onError; `mutate` never rejects.
    submit: form.handleSubmit((values) => save.mutate(values)),
    saving: save.isPending,
    canSave: form.formState.isDirty && !save.isPending,
    /** The conflict dialog's state after a refused save; null when none. */
    conflict: versioned.conflict,
    /** Where "changed by" is looked up in the audit log. */
    auditResource: adminsResource.name,
    /** Another administrator changed the profile while the form is open, and the answers. */
    live,
  };
}
