import { zodResolver } from '@hookform/resolvers/zod';
import type { FormDescriptor, FormFieldDescriptor, ResourceDescriptor } from '@pult/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useEffect, useMemo, useState } from 'react';
import { type UseFormReturn, type UseFormSetError, useForm } from 'react-hook-form';
import type { z } from 'zod';
import { usePermissions } from '../../access/use-permissions';
import { useServices } from '../../app/services-context';
import { fieldErrorsOf, isHttpError, joinFieldErrors, serverMessage } from '../../http/http-error';
import { useTranslation } from '../../i18n/use-translation';
import { notifier } from '../../notify/notifier';
import {
  createRecord,
  fetchVersionedRecord,
  type RecordId,
  type ResourceRecord,
  resourceKeys,
  updateVersionedRecord,
} from '../../resources/resource-api';
import { applyServerFieldErrors } from '../apply-server-errors';
import { useUnsavedChangesGuard } from '../unsaved-changes/use-unsaved-changes-guard';
import { formAccessOf } from './form-access';
import { dependentFields, type FormMode, type FormValues, toFormValues, visibleFields } from './form-values';
import { useLiveRecord } from './use-live-record';
import { openedVersion } from './use-record';
import { applyResolved, useRecordConflict } from './use-record-conflict';

/** The react-hook-form instance of a resource form. */
export type ResourceFormApi = UseFormReturn<FormValues, unknown, FormValues>;

export interface UseResourceFormOptions {
  form: FormDescriptor;
  resource: ResourceDescriptor;
  mode: FormMode;
  /** The record being edited (edit mode). */
  record?: ResourceRecord;
  /** The record's id in its URL; defaults to `record.id`. */
  id?: RecordId;
  /**
   * The record's version (its `ETag`), sent in `If-Match`. Found by itself when the record is the one
   * `useRecord` loaded; otherwise (a list row) the form reads it before the first save.
   */
  version?: string | null;
  /** Starting values of a new record (e.g. the status of a fresh account). */
  initialValues?: FormValues;
  onSaved?: (record: ResourceRecord) => void;
  /** Told of every change of the inputs (a live preview), and whether the form differs from the record. */
  onValuesChange?: (values: FormValues, dirty: boolean) => void;
  /** Told whether the form has unsaved changes, as the unsaved-changes guard counts them. */
  onDirtyChange?: (dirty: boolean) => void;
}

/**
 * A create/edit form driven by a contract form descriptor: validated by the descriptor's schema, saved
 * with the generic resource calls, server field errors shown under their fields.
 */
export function useResourceForm({
  form: descriptor,
  resource,
  mode,
  record,
  id,
  version,
  initialValues,
  onSaved,
  onValuesChange,
  onDirtyChange,
}: UseResourceFormOptions) {
  const services = useServices();
  const queryClient = useQueryClient();
  const { t } = useTranslation();
  const check = usePermissions();
  const access = useMemo(
    () => formAccessOf(check, resource, mode, visibleFields(descriptor, mode)),
    [check, resource, descriptor, mode],
  );
  const { fields } = access;
  const schema = (mode === 'create' ? descriptor.createSchema : descriptor.updateSchema) as z.ZodType<
    FormValues,
    FormValues
  >;
  const recordId = id ?? (record?.id as RecordId | undefined);
  // What the form opened and at which version: the base of a three-way comparison on a 412.
  const [opened] = useState(() => ({
    values: toFormValues(fields, record, initialValues),
    version: version !== undefined ? version : openedVersion(queryClient, resource, recordId, record),
  }));
  const form: ResourceFormApi = useForm<FormValues, unknown, FormValues>({
    defaultValues: opened.values,
    mode: 'onTouched',
    resolver: zodResolver(schema),
  });
  const versioned = useRecordConflict({
    fields,
    opened,
    recordId,
    values: () => form.getValues(),
    apply: (next) => applyResolved(form, fields, next),
  });

  useClearDependents(form, fields);
  useValuesChange(form, onValuesChange);
  const dirty = form.formState.isDirty;
  const guard = useUnsavedChangesGuard(dirty);
  useEffect(() => onDirtyChange?.(dirty), [dirty, onDirtyChange]);

  const save = useMutation({
    // Only the schema's output is sent: bodies are strict, and it has turned empty inputs into null.
    mutationFn: async (body: FormValues): Promise<ResourceRecord> => {
      if (mode === 'create') return createRecord(services, resource, body);
      if (recordId === undefined) throw new Error('useResourceForm: edit mode needs the record id');
      const saved = await versioned.save(
        (at) => updateVersionedRecord(services, resource, recordId, body, at),
        () => fetchVersionedRecord(services, resource, recordId),
      );
      return saved.record;
    },
    onSuccess: (saved) => {
      notifier.notify('success', t('common.saveSuccess'));
      void queryClient.invalidateQueries({ queryKey: resourceKeys.all(resource) });
      // What was typed is saved now: staying on the form must not count it as unsaved.
      form.reset(form.getValues());
      guard.leaveOnPurpose(() => onSaved?.(saved));
    },
    onError: (error) => {
      if (versioned.refused(error)) return;
      // A 403 has already been announced by the HTTP client.
      if (isHttpError(error) && error.status === 403) return;
      notifier.notify('error', showSaveError(error, fields, form.setError) ?? t('common.saveError'));
    },
  });

  const live = useLiveRecord({
    resource,
    recordId: mode === 'edit' ? recordId : undefined,
    versioned,
    saving: save.isPending,
    // The page's copy too, so inputs that show something of the record (a lookup's label) agree.
    onReloaded: (now) => {
      if (recordId !== undefined) queryClient.setQueryData(resourceKeys.one(resource, recordId), now);
    },
  });

  return {
    form,
    fields,
    /** Fields shown but not to be changed, and whether saving or deleting is offered at all. */
    access,
    // Failures are shown by onError; `mutate` never rejects.
    submit: form.handleSubmit((values) => save.mutate(values)),
    saving: save.isPending,
    /** Asks before leaving with unsaved changes; the form's own ways out go through `leaveOnPurpose`. */
    guard,
    /** The record's version the form is at: sent in `If-Match` by a delete from the form. */
    version: versioned.version,
    /** A save refused because the record changed meanwhile, for the conflict dialog; null when none. */
    conflict: versioned.conflict,
    /** Another administrator changed or deleted the record while the form is open, and the answers. */
    live,
  };
}

/**
 * Puts a 422's per-field texts under the form's fields and returns the text for the notice: texts for
 * fields the form lacks, or the server's general message; null when the generic save error fits best.
 */
function showSaveError(
  error: unknown,
  fields: readonly { name: string }[],
  setError: UseFormSetError<FormValues>,
): string | null {
  const perField = fieldErrorsOf(error);
  if (perField) {
    const names = new Set(fields.map((field) => field.name));
    const own: Record<string, string> = {};
    const foreign: string[] = [];
    for (const [field, text] of Object.entries(joinFieldErrors(perField))) {
      if (names.has(field)) own[field] = text;
      else foreign.push(text);
    }
    applyServerFieldErrors(setError, own);
    return foreign.length > 0 ? foreign.join(', ') : null;
  }
  if (!isHttpError(error) || error.status === 0) return null;
  return serverMessage(error.body);
}

/** Reports the starting values once, then every change. */
function useValuesChange(form: ResourceFormApi, onChange: UseResourceFormOptions['onValuesChange']) {
  useEffect(() => {
    if (!onChange) return;
    const initial = JSON.stringify(form.getValues());
    onChange(form.getValues(), false);
    const subscription = form.watch((values) => onChange({ ...values }, JSON.stringify(values) !== initial));
    return () => subscription.unsubscribe();
  }, [form, onChange]);
}

/** Choosing another country empties the city: the old one is not among the new country's cities. */
function useClearDependents(form: ResourceFormApi, fields: readonly FormFieldDescriptor[]) {
  const dependents = useMemo(() => dependentFields(fields), [fields]);
  useEffect(() => {
    if (dependents.size === 0) return;
    const subscription = form.watch((_values, { name, type }) => {
      // Only the user's own changes: a reset to the record's values must keep its city.
      if (type !== 'change' || !name) return;
      for (const child of dependents.get(name) ?? []) {
        form.setValue(child, '', { shouldDirty: true, shouldValidate: form.formState.isSubmitted });
      }
    });
    return () => subscription.unsubscribe();
  }, [form, dependents]);
}
