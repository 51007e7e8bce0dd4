import { settingsResource } from '@pult/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { type Resolver, useForm } from 'react-hook-form';
import { useServices } from '../../../app/services-context';
import { SERVER_ERROR_TYPE } from '../../../forms/field-error-text';
import type { FormMode } from '../../../forms/resource-form/form-values';
import { useLiveRecord } from '../../../forms/resource-form/use-live-record';
import { applyResolved, useRecordConflict } from '../../../forms/resource-form/use-record-conflict';
import { fieldErrorsOf, isHttpError, joinFieldErrors, serverMessage } from '../../../http/http-error';
import { availableLocalesQueryKey } from '../../../i18n/use-available-locales';
import { useTranslation } from '../../../i18n/use-translation';
import { notifier } from '../../../notify/notifier';
import {
  createRecord,
  fetchVersionedRecord,
  resourceKeys,
  updateVersionedRecord,
} from '../../../resources/resource-api';
import { rowVersion } from '../../../resources/row-version';
import {
  type EditableSetting,
  fieldOfIssue,
  SETTING_CONFLICT_FIELDS,
  type SettingBody,
  type SettingFormValues,
  toSettingBody,
  toSettingFormValues,
} from './setting-form-values';

function settingResolver(mode: FormMode): Resolver<SettingFormValues, unknown, SettingBody> {
  return (values) => {
    const result = toSettingBody(values, mode);
    if (result.ok) return { values: result.body, errors: {} };
    const errors = Object.fromEntries(
      Object.entries(result.errors).map(([field, message]) => [field, { type: 'validate', message }]),
    );
    return { values: {}, errors };
  };
}

/**
 * The create/edit form of one setting: a typed value, checked before it is sent (spec §5). The dialog
 * opens a list row and saves at the version the row was listed with (`If-Match`; a row without one:
 * the first save reads it and compares it with the row); a 412 opens the engine's conflict dialog.
 */
export function useSettingForm(setting: EditableSetting | undefined, onSaved: () => void) {
  const services = useServices();
  const queryClient = useQueryClient();
  const { t } = useTranslation();
  const mode: FormMode = setting ? 'edit' : 'create';
  // The row's version when the list carries it; otherwise the first save reads it.
  const [opened] = useState(() => ({
    values: toSettingFormValues(setting),
    version: setting ? (rowVersion(setting) ?? undefined) : undefined,
  }));
  const form = useForm<SettingFormValues, unknown, SettingBody>({
    defaultValues: opened.values,
    mode: 'onTouched',
    resolver: settingResolver(mode),
  });
  const versioned = useRecordConflict({
    fields: SETTING_CONFLICT_FIELDS,
    opened,
    recordId: setting?.key,
    values: () => ({ ...form.getValues() }),
    apply: (next) => applyResolved(form, SETTING_CONFLICT_FIELDS, next),
    view: (record) => toSettingFormValues(record as EditableSetting),
  });

  const save = useMutation({
    mutationFn: async (body: SettingBody) => {
      if (!setting) return createRecord(services, settingsResource, body);
      const saved = await versioned.save(
        (at) => updateVersionedRecord(services, settingsResource, setting.key, body, at),
        () => fetchVersionedRecord(services, settingsResource, setting.key),
      );
      return saved.record;
    },
    onSuccess: () => {
      notifier.notify('success', t('common.saveSuccess'));
      void queryClient.invalidateQueries({ queryKey: resourceKeys.all(settingsResource) });
      // The language picker reads the public settings (availableLocales) under its own key.
      void queryClient.invalidateQueries({ queryKey: availableLocalesQueryKey });
      onSaved();
    },
    onError: (error) => {
      if (versioned.refused(error)) return;
      // A 403 has already been announced by the HTTP client.
      if (isHttpError(error) && error.status === 403) return;
      const perField = fieldErrorsOf(error);
      if (perField) {
        for (const [field, text] of Object.entries(joinFieldErrors(perField))) {
          form.setError(fieldOfIssue(field, form.getValues('type')), {
            type: SERVER_ERROR_TYPE,
            message: text,
          });
        }
      }
      const general = perField || !isHttpError(error) ? null : serverMessage(error.body);
      notifier.notify('error', general ?? t('common.saveError'));
    },
  });

  const live = useLiveRecord({
    resource: settingsResource,
    recordId: setting?.key,
    versioned,
    saving: save.isPending,
  });

  return {
    form,
    mode,
    submit: form.handleSubmit((body) => save.mutate(body)),
    saving: save.isPending,
    /** A save refused because the setting changed meanwhile, for the conflict dialog; null when none. */
    conflict: versioned.conflict,
    /** Another administrator changed or deleted the setting while the dialog is open, and the answers. */
    live,
  };
}
