import type { FormFieldDescriptor } from '@pult/contract';
import { useRef, useState } from 'react';
import type { FieldValues, Path, PathValue, UseFormReturn } from 'react-hook-form';
import { isHttpError } from '../../http/http-error';
import { useTranslation } from '../../i18n/use-translation';
import { notifier } from '../../notify/notifier';
import type { RecordId, ResourceRecord, VersionedRecord } from '../../resources/resource-api';
import {
  type ConflictRow,
  type ConflictSide,
  changedNothingShown,
  conflictRows,
  resolveConflict,
  sameValue,
  theirsValues,
} from './conflict';
import type { FormValues } from './form-values';

/**
 * Saving a record at the version a form opened, and the conflict flow of a refused save (412,
 * docs/architecture.md "Record versions"), for any form: the resource form engine and the forms with
 * hooks of their own (groups, settings, the profile) share it, so they share one behaviour.
 */

/** What a form opened: its values and the record's version (undefined: not known yet, a list row). */
export interface OpenedAt {
  values: FormValues;
  version: string | null | undefined;
}

/** The form after a conflict's choice: `base` is the record now, `values` what the form should hold. */
export interface ResolvedForm {
  base: FormValues;
  values: FormValues;
}

/** A save refused (412) because the record changed in a field the form shows. */
export class RecordChangedError extends Error {
  override readonly name = 'RecordChangedError';
  constructor(readonly current: VersionedRecord) {
    super('The record changed since the form opened it');
  }
}

/**
 * `PUT` at the version the form opened. Without a known version (the form was given a list row) the
 * version is read first, and the record compared with what the form shows. On a 412 the record is read
 * again (its `ETag` and its values as a `GET` shows them; the HTTP client's errors carry no headers):
 * when none of the form's fields changed (a column the form does not show moved the version), the save
 * goes again at the new version without asking; otherwise it fails with a RecordChangedError.
 */
export async function saveAtVersion(options: {
  put: (version: string | null) => Promise<VersionedRecord>;
  read: () => Promise<VersionedRecord>;
  fields: readonly FormFieldDescriptor[];
  base: OpenedAt;
}): Promise<VersionedRecord> {
  const { put, read, fields } = options;
  const check = async (): Promise<string | null> => {
    const now = await read();
    if (!changedNothingShown(fields, options.base.values, now.record)) throw new RecordChangedError(now);
    return now.version;
  };
  let version = options.base.version === undefined ? await check() : options.base.version;
  for (let attempt = 0; ; attempt += 1) {
    try {
      return await put(version);
    } catch (error) {
      if (!isHttpError(error) || error.status !== 412 || attempt >= 2) throw error;
      version = await check();
    }
  }
}

export interface UseRecordConflictOptions {
  /** The fields compared and shown in the dialog, as the form's inputs hold them. */
  fields: readonly FormFieldDescriptor[];
  /** What the form opened; read once (the first render's). */
  opened: OpenedAt;
  /** The record's id, for the dialog's "changed by" line from the audit log. */
  recordId: RecordId | undefined;
  /** The form's values now, under the fields' names. */
  values: () => FormValues;
  /** Fills the form by the administrator's choice (`applyResolved` for a react-hook-form form). */
  apply: (next: ResolvedForm) => void;
  /**
   * A record as the server answers it, shaped as the form's values are named (a setting's `value`
   * becomes the form's `text` or `flag`); the record itself by default.
   */
  view?: (record: ResourceRecord) => ResourceRecord;
}

interface OpenConflict {
  rows: ConflictRow[];
  current: VersionedRecord;
  yours: FormValues;
  base: FormValues;
}

/**
 * A form's version and its conflict flow: `save` puts at the version the form holds and makes the
 * saved record the next base; `refused` turns a RecordChangedError into the dialog's state;
 * `conflict` is what `RecordConflictDialog` shows (null when none), and resolving it fills the form
 * and takes the record now as the base, so the next save carries its version.
 */
export function useRecordConflict(options: UseRecordConflictOptions) {
  const { fields, recordId, view = (record) => record } = options;
  const { t } = useTranslation();
  const base = useRef<OpenedAt>(options.opened);
  const [conflict, setConflict] = useState<OpenConflict | null>(null);
  const viewed = async (answer: Promise<VersionedRecord>): Promise<VersionedRecord> => {
    const { record, version } = await answer;
    return { record: view(record), version };
  };

  return {
    /** The record's version the form is at: sent in `If-Match` (a delete from the form too). */
    version: () => base.current.version,
    /** Saves at the form's version; answers the saved record as the server sent it. */
    save: async <Item extends ResourceRecord>(
      put: (version: string | null) => Promise<VersionedRecord<Item>>,
      read: () => Promise<VersionedRecord>,
    ): Promise<VersionedRecord<Item>> => {
      let answered: VersionedRecord<Item> | undefined;
      const saved = await saveAtVersion({
        put: async (version) => {
          answered = await put(version);
          return viewed(Promise.resolve(answered));
        },
        read: () => viewed(read()),
        fields,
        base: base.current,
      });
      // The saved record is the base of the next save from this form (it may stay open after saving).
      base.current = {
        values: { ...base.current.values, ...theirsValues(fields, saved.record) },
        version: saved.version,
      };
      return answered ?? (saved as VersionedRecord<Item>);
    },
    /** Opens the conflict dialog when the save was refused for a change of the record; else false. */
    refused: (error: unknown): boolean => {
      if (!(error instanceof RecordChangedError)) return false;
      const yours = options.values();
      const rows = conflictRows(fields, base.current.values, yours, error.current.record);
      setConflict({ rows, current: error.current, yours, base: base.current.values });
      return true;
    },
    /**
     * The dialog with the record as it is now, before any save (another administrator's change seen
     * live). False when none of the form's fields differ from it: the form then just takes its version.
     */
    compare: (now: VersionedRecord): boolean => {
      const current = { record: view(now.record), version: now.version };
      const yours = options.values();
      const rows = conflictRows(fields, base.current.values, yours, current.record);
      if (rows.length === 0) {
        const next = resolveConflict(fields, base.current.values, yours, current.record, {});
        base.current = { values: next.base, version: current.version };
        options.apply(next);
        return false;
      }
      setConflict({ rows, current, yours, base: base.current.values });
      return true;
    },
    /** Resets the form to the record as it is now, at its version; what was typed is dropped. */
    reload: (now: VersionedRecord): void => {
      const values = { ...base.current.values, ...theirsValues(fields, view(now.record)) };
      base.current = { values, version: now.version };
      options.apply({ base: values, values });
    },
    /** A save refused because the record changed meanwhile, for the conflict dialog; null when none. */
    conflict: conflict && {
      rows: conflict.rows,
      values: {
        base: conflict.base,
        yours: conflict.yours,
        theirs: { ...conflict.base, ...theirsValues(fields, conflict.current.record) },
      },
      recordId,
      /** The record's version now, the one the dialog compares with. */
      version: conflict.current.version,
      /**
       * Fills the form by the administrator's choice and takes the record as it is now as the base:
       * the next save goes at its version, and the form counts as changed where it differs from it.
       */
      resolve: (choices: Record<string, ConflictSide>) => {
        const next = resolveConflict(
          fields,
          conflict.base,
          options.values(),
          conflict.current.record,
          choices,
        );
        base.current = { values: next.base, version: conflict.current.version };
        options.apply(next);
        setConflict(null);
        notifier.notify('info', t('form.conflict.applied'));
      },
      /** Leaves the form as it is; the next save meets the same conflict. */
      close: () => setConflict(null),
    },
  };
}

/**
 * Fills a react-hook-form form after a conflict's choice: reset to the record now, then the chosen
 * values set as changes, so the unsaved-changes guard counts exactly what differs from the server.
 */
export function applyResolved<Values extends FieldValues, Output>(
  form: UseFormReturn<Values, unknown, Output>,
  fields: readonly FormFieldDescriptor[],
  next: ResolvedForm,
): void {
  const pick = (values: FormValues) =>
    Object.fromEntries(fields.map((field) => [field.name, values[field.name]])) as Values;
  form.reset({ ...form.getValues(), ...pick(next.base) });
  for (const field of fields) {
    if (!sameValue(next.values[field.name], next.base[field.name])) {
      const name = field.name as Path<Values>;
      form.setValue(name, next.values[field.name] as PathValue<Values, typeof name>, { shouldDirty: true });
    }
  }
}
