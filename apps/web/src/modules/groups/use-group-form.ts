import {
  type FormFieldDescriptor,
  type Group,
  groupForm,
  groupsResource,
  groupWriteSchema,
  type PermissionCatalogue,
} from '@pult/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useServices } from '../../app/services-context';
import { applyServerFieldErrors } from '../../forms/apply-server-errors';
import { type FormMode, type FormValues, toFormValues } from '../../forms/resource-form/form-values';
import { useLiveRecord } from '../../forms/resource-form/use-live-record';
import { applyResolved, useRecordConflict } from '../../forms/resource-form/use-record-conflict';
import type { ResourceFormApi } from '../../forms/resource-form/use-resource-form';
import { useUnsavedChangesGuard } from '../../forms/unsaved-changes/use-unsaved-changes-guard';
import { useViewText } from '../../forms/use-view-text';
import { fieldErrorsOf, isHttpError, serverMessage } from '../../http/http-error';
import { useTranslation } from '../../i18n/use-translation';
import { notifier } from '../../notify/notifier';
import {
  createRecord,
  fetchVersionedRecord,
  type ResourceRecord,
  resourceKeys,
  updateVersionedRecord,
} from '../../resources/resource-api';
import { draftsOfGrants, type GrantDraft, grantsOfDrafts, type StoredGrant } from './grants/grant-draft';
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
  /** The record's version as it was opened (its `ETag`), sent in `If-Match`. */
  version?: string | null;
  catalogue: PermissionCatalogue;
  onSaved: () => void;
}

/**
 * The grants as one field of the conflict dialog (a save refused with 412): compared as the form
 * would send them, shown by `useGrantsValue`.
 */
export const GRANTS_FIELD: FormFieldDescriptor = {
  name: 'grants',
  label: 'groups.grantList.title',
  input: { kind: 'tags' },
};
const CONFLICT_FIELDS: readonly FormFieldDescriptor[] = [...groupForm.fields, GRANTS_FIELD];

/**
 * The group form: name and description in react-hook-form (the panel's inputs), the grants as drafts
 * beside it. Everything is checked by the contract's schema before sending; refusals, the client's or
 * the server's, are laid out the same way (under the inputs, beside the grant, in a summary).
 */
export function useGroupForm({ mode, record, version, catalogue, onSaved }: UseGroupFormOptions) {
  const services = useServices();
  const queryClient = useQueryClient();
  const { t } = useTranslation();
  const viewText = useViewText();
  // Grants compare as the form would send them: the same grants in another order are not a change.
  const sendable = (grants: readonly StoredGrant[] | undefined) =>
    grantsOfDrafts(draftsOfGrants(grants ?? []), catalogue);
  const [opened] = useState(() => ({
    values: { ...toFormValues(groupForm.fields, record), grants: sendable(record?.grants) },
    version,
  }));
  const form: ResourceFormApi = useForm<FormValues, unknown, FormValues>({
    defaultValues: toFormValues(groupForm.fields, record),
  });
  const [drafts, setDrafts] = useState<GrantDraft[]>(() => draftsOfGrants(record?.grants ?? []));
  // What the grants were when opened, or after a conflict's choice: the base of "unsaved changes".
  const [grantsBase, setGrantsBase] = useState(() => JSON.stringify(opened.values.grants));
  const [errors, setErrors] = useState<GroupErrors>(NO_ERRORS);
  const grantsChanged = JSON.stringify(grantsOfDrafts(drafts, catalogue)) !== grantsBase;
  const versioned = useRecordConflict({
    fields: CONFLICT_FIELDS,
    opened,
    recordId: record?.id,
    values: () => ({ ...form.getValues(), grants: grantsOfDrafts(drafts, catalogue) }),
    apply: (next) => {
      applyResolved(form, groupForm.fields, next);
      setDrafts(draftsOfGrants(next.values.grants as StoredGrant[]));
      setGrantsBase(JSON.stringify(next.base.grants));
    },
    view: (item: ResourceRecord) =>
      Object.hasOwn(item, 'grants') ? { ...item, grants: sendable(item.grants as StoredGrant[]) } : item,
  });
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
    mutationFn: async (body: unknown) => {
      if (mode === 'create' || !record) return createRecord(services, groupsResource, body);
      const saved = await versioned.save(
        (at) => updateVersionedRecord(services, groupsResource, record.id, body, at),
        () => fetchVersionedRecord(services, groupsResource, record.id),
      );
      return saved.record;
    },
    onSuccess: () => {
      notifier.notify('success', t('common.saveSuccess'));
      void queryClient.invalidateQueries({ queryKey: resourceKeys.all(groupsResource) });
      setErrors(NO_ERRORS);
      guard.leaveOnPurpose(onSaved);
    },
    onError: (error) => {
      if (versioned.refused(error)) return;
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

  const live = useLiveRecord({
    resource: groupsResource,
    recordId: mode === 'edit' ? record?.id : undefined,
    versioned,
    saving: save.isPending,
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

  return {
    form,
    drafts,
    setDrafts,
    errors,
    submit,
    saving: save.isPending,
    guard,
    /** The group's version the form is at: a delete from the form sends it in `If-Match`. */
    version: versioned.version,
    /** A save refused because the group changed meanwhile, for the conflict dialog; null when none. */
    conflict: versioned.conflict,
    /** Another administrator changed or deleted the group while the form is open, and the answers. */
    live,
    /** Unsaved changes in the inputs or the grants. */
    dirty: form.formState.isDirty || grantsChanged,
  };
}
