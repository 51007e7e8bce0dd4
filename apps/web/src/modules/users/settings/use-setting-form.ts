import { settingsResource } from '@pult/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type Resolver, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { useServices } from '../../../app/services-context';
import { SERVER_ERROR_TYPE } from '../../../forms/field-error-text';
import type { FormMode } from '../../../forms/resource-form/form-values';
import { fieldErrorsOf, isHttpError, joinFieldErrors, serverMessage } from '../../../http/http-error';
import { availableLocalesQueryKey } from '../../../i18n/use-available-locales';
import { notifier } from '../../../notify/notifier';
import { createRecord, resourceKeys, updateRecord } from '../../../resources/resource-api';
import {
  type EditableSetting,
  fieldOfIssue,
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

/** The create/edit form of one setting: a typed value, checked before it is sent (spec §5). */
export function useSettingForm(setting: EditableSetting | undefined, onSaved: () => void) {
  const services = useServices();
  const queryClient = useQueryClient();
  const { t } = useTranslation();
  const mode: FormMode = setting ? 'edit' : 'create';
  const form = useForm<SettingFormValues, unknown, SettingBody>({
    defaultValues: toSettingFormValues(setting),
    mode: 'onTouched',
    resolver: settingResolver(mode),
  });

  const save = useMutation({
    mutationFn: (body: SettingBody) =>
      setting
        ? updateRecord(services, settingsResource, setting.key, body)
        : createRecord(services, settingsResource, body),
    onSuccess: () => {
      notifier.notify('success', t('common.saveSuccess'));
      void queryClient.invalidateQueries({ queryKey: resourceKeys.all(settingsResource) });
      // The language picker reads the public settings (availableLocales) under its own key.
      void queryClient.invalidateQueries({ queryKey: availableLocalesQueryKey });
      onSaved();
    },
    onError: (error) => {
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

  return {
    form,
    mode,
    submit: form.handleSubmit((body) => save.mutate(body)),
    saving: save.isPending,
  };
}
