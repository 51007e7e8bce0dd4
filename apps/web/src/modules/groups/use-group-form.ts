import { type Group, groupsResource, groupWriteSchema, type PermissionCatalogue } from '@pult/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { useServices } from '../../app/services-context';
import { applyServerFieldErrors } from '../../forms/apply-server-errors';
import type { FormMode, FormValues } from '../../forms/resource-form/form-values';
import type { ResourceFormApi } from '../../forms/resource-form/use-resource-form';
import { useUnsavedChangesGuard } from '../../forms/unsaved-changes/use-unsaved-changes-guard';
import { useViewText } from '../../forms/use-view-text';
import { fieldErrorsOf, isHttpError, serverMessage } from '../../http/http-error';
import { notifier } from '../../notify/notifier';
import { createRecord, resourceKeys, updateRecord } from '../../resources/resource-api';
import { draftsOfGrants, type GrantDraft, grantsOfDrafts } from './grants/grant-draft';
import {
  type GroupErrors,
  type GroupField,
  groupErrorsOfIssues,
  groupErrorsOfServer,
  NO_ERRORS,
} from './grants/group-errors';

export interface UseGroupFormOptions {
  mode: FormMode;
  record?: Group;
  catalogue: PermissionCatalogue;
  onSaved: () => void;
}

/**
 * The group form: name and description in react-hook-form (the panel's inputs), the grants as drafts
 * beside it. Everything is checked by the contract's schema before sending; refusals, the client's or
 * the server's, are laid out the same way (under the inputs, beside the grant, in a summary).
 */
export function useGroupForm({ mode, record, catalogue, onSaved }: UseGroupFormOptions) {
  const services = useServices();
  const queryClient = useQueryClient();
  const { t } = useTranslation();
  const viewText = useViewText();
  const form: ResourceFormApi = useForm<FormValues, unknown, FormValues>({
    defaultValues: {
      name: record?.name ?? '',
      description: record?.description ?? '',
      mfa_required: record?.mfa_required ?? false,
    },
  });
  const [drafts, setDrafts] = useState<GrantDraft[]>(() => draftsOfGrants(record?.grants ?? []));
  const initialGrants = useMemo(
    () => JSON.stringify(grantsOfDrafts(draftsOfGrants(record?.grants ?? []), catalogue)),
    [record, catalogue],
  );
  const [errors, setErrors] = useState<GroupErrors>(NO_ERRORS);
  const grantsChanged = JSON.stringify(grantsOfDrafts(drafts, catalogue)) !== initialGrants;
  const guard = useUnsavedChangesGuard(form.formState.isDirty || grantsChanged);

  const show = (next: GroupErrors) => {
    setErrors(next);
    const own: Partial<Record<GroupField, string>> = {};
    for (const [field, text] of Object.entries(next.fields) as [
      GroupField,
      (typeof next.fields)[GroupField],
    ][])
      if (text) own[field] = viewText(text);
    applyServerFieldErrors(form.setError, own);
  };

  const save = useMutation({
    mutationFn: (body: unknown) =>
      mode === 'create'
        ? createRecord(services, groupsResource, body)
        : updateRecord(services, groupsResource, record?.id ?? '', body),
    onSuccess: () => {
      notifier.notify('success', t('common.saveSuccess'));
      void queryClient.invalidateQueries({ queryKey: resourceKeys.all(groupsResource) });
      setErrors(NO_ERRORS);
      guard.leaveOnPurpose(onSaved);
    },
    onError: (error) => {
      // A 403 has already been announced by the HTTP client.
      if (isHttpError(error) && error.status === 403) return;
      const perField = fieldErrorsOf(error);
      if (perField) show(groupErrorsOfServer(perField));
      else {
        const message = isHttpError(error) && error.status < 500 ? serverMessage(error.body) : null;
        setErrors({ ...NO_ERRORS, general: message ? [{ raw: message }] : [] });
      }
      notifier.notify('error', t('common.saveError'));
    },
  });

  const submit = form.handleSubmit((values) => {
    const body = { ...values, grants: grantsOfDrafts(drafts, catalogue) };
    const checked = groupWriteSchema.safeParse(body);
    if (!checked.success) {
      show(groupErrorsOfIssues(checked.error.issues));
      return;
    }
    setErrors(NO_ERRORS);
    // The schema's output, like every resource form: trimmed texts, fields listed once.
    save.mutate(checked.data);
  });

  return { form, drafts, setDrafts, errors, submit, saving: save.isPending, guard };
}
