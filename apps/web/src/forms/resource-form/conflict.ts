import type { FormFieldDescriptor } from '@pult/contract';
import { type FormValues, toFormValues } from './form-values';

/**
 * A save refused because the record changed since the form opened it (412, docs/architecture.md
 * "Record versions"): three values per field — what the administrator opened (`base`), what they have
 * in the form now (`yours`) and what the record holds now (`theirs`) — and how they merge.
 */

/** Which value a conflicting field keeps. */
export type ConflictSide = 'yours' | 'theirs';

/** One field where the form and the record now disagree. */
export interface ConflictRow {
  field: FormFieldDescriptor;
  base: unknown;
  yours: unknown;
  theirs: unknown;
  /** Both sides changed it since the form opened, differently: a real clash, not a one-sided change. */
  clash: boolean;
}

/** Values as inputs hold them are compared by content: `['a']` equals `['a']`, `''` is an empty input. */
export function sameValue(a: unknown, b: unknown): boolean {
  return a === b || JSON.stringify(a) === JSON.stringify(b);
}

/**
 * The fields the record as it is now shows (`current` is masked like a `GET`: a field the
 * administrator may not read, or a write-only secret, is absent and says nothing about a change).
 */
function knownFields(fields: readonly FormFieldDescriptor[], current: Record<string, unknown>) {
  return fields.filter((field) => Object.hasOwn(current, field.name));
}

/** The record as it is now, as the form's inputs would hold it (only the fields it shows). */
export function theirsValues(
  fields: readonly FormFieldDescriptor[],
  current: Record<string, unknown>,
): FormValues {
  return toFormValues(knownFields(fields, current), current);
}

/**
 * Whether nobody changed any of the form's fields since it opened: the version moved for a column the
 * form does not show (a read position, re-sealed secrets), so the save can go again at the new version
 * without asking.
 */
export function changedNothingShown(
  fields: readonly FormFieldDescriptor[],
  base: FormValues,
  current: Record<string, unknown>,
): boolean {
  const theirs = theirsValues(fields, current);
  return Object.keys(theirs).every((name) => sameValue(theirs[name], base[name]));
}

/** The fields where the form and the record now differ, in the form's order. */
export function conflictRows(
  fields: readonly FormFieldDescriptor[],
  base: FormValues,
  yours: FormValues,
  current: Record<string, unknown>,
): ConflictRow[] {
  const theirs = theirsValues(fields, current);
  const rows: ConflictRow[] = [];
  for (const field of knownFields(fields, current)) {
    const name = field.name;
    if (sameValue(yours[name], theirs[name])) continue;
    const youChanged = !sameValue(yours[name], base[name]);
    const theyChanged = !sameValue(theirs[name], base[name]);
    rows.push({
      field,
      base: base[name],
      yours: yours[name],
      theirs: theirs[name],
      clash: youChanged && theyChanged,
    });
  }
  return rows;
}

/**
 * What a row keeps unless the administrator says otherwise, as a three-way merge would: a change on
 * one side wins over a value nobody touched, and on a clash their own typing stays.
 */
export function defaultSide(row: ConflictRow): ConflictSide {
  return sameValue(row.yours, row.base) ? 'theirs' : 'yours';
}

export function defaultChoices(rows: readonly ConflictRow[]): Record<string, ConflictSide> {
  return Object.fromEntries(rows.map((row) => [row.field.name, defaultSide(row)]));
}

/** Every row on one side ("keep mine", "take theirs"). */
export function allChoices(rows: readonly ConflictRow[], side: ConflictSide): Record<string, ConflictSide> {
  return Object.fromEntries(rows.map((row) => [row.field.name, side]));
}

/**
 * The form after the choice: the new base is the record as it is now (so the form counts as changed
 * exactly where it differs from what the server has), and `values` are the administrator's values
 * except where a row took theirs. Fields the record now does not show keep the old base and the
 * administrator's value.
 */
export function resolveConflict(
  fields: readonly FormFieldDescriptor[],
  base: FormValues,
  yours: FormValues,
  current: Record<string, unknown>,
  choices: Record<string, ConflictSide>,
): { base: FormValues; values: FormValues } {
  const theirs = theirsValues(fields, current);
  const nextBase: FormValues = { ...base, ...theirs };
  const values: FormValues = { ...yours };
  for (const [name, side] of Object.entries(choices)) {
    if (side === 'theirs' && Object.hasOwn(theirs, name)) values[name] = theirs[name];
  }
  return { base: nextBase, values };
}
