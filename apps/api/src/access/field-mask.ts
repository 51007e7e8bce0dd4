import {
  type Actor,
  type Decision,
  type FieldSet,
  fieldsOfRecord,
  hasField,
  isEveryField,
  type KindOf,
  type ResourceDescriptor,
  visibleFields,
} from '@pult/contract';

/**
 * Keys that name a record, and a list row's version (what its `GET` answers in `ETag` to the same
 * reader): an answer keeps them whatever the field grants say.
 */
const IDENTITY_KEYS = new Set(['id', 'uuid', 'key', 'version']);

/**
 * Keys an item carries for a field besides the field itself: the name shown for a reference
 * (`country_name` for `country_id`) and the "is set" flag of a write-only secret (`password_set`).
 */
function companionsOf(descriptor: ResourceDescriptor | undefined): Map<string, string> {
  const owner = new Map<string, string>();
  for (const field of descriptor?.fields ?? []) {
    if (field.display.kind === 'reference') owner.set(field.display.field, field.name);
  }
  for (const name of descriptor?.writeOnlyFields ?? []) owner.set(`${name}_set`, name);
  return owner;
}

/** Whether a grant's fields depend on the record (a field list under a condition). */
function fieldsVaryByRecord(decision: Decision): boolean {
  return (
    decision.allows.some((grant) => grant.where && grant.fields) ||
    decision.fieldDenies.some((grant) => grant.where)
  );
}

export type Masker = (record: Record<string, unknown>) => Record<string, unknown>;

/**
 * Removes from a record the fields the decision does not reach. With every field allowed the record
 * passes as it is; otherwise only granted fields, their companions and the record's key are kept,
 * so a key the catalogue does not know never slips out under a field limit.
 */
export function createMasker(
  decision: Decision,
  descriptor: ResourceDescriptor | undefined,
  actor: Actor,
  kindOf: KindOf,
): Masker {
  const everywhere = visibleFields(decision);
  const varies = fieldsVaryByRecord(decision);
  if (!varies && isEveryField(everywhere)) return (record) => record;
  const companions = companionsOf(descriptor);
  const keep = (fields: FieldSet, key: string) =>
    IDENTITY_KEYS.has(key) || hasField(fields, companions.get(key) ?? key);
  // Whether each key stays is the same on every record when the fields do not vary by record.
  const kept = new Map<string, boolean>();
  const keepEverywhere = (key: string) => {
    let keepIt = kept.get(key);
    if (keepIt === undefined) {
      keepIt = keep(everywhere, key);
      kept.set(key, keepIt);
    }
    return keepIt;
  };
  return (record) => {
    const fields = varies ? fieldsOfRecord(decision, record, actor, kindOf) : undefined;
    const masked: Record<string, unknown> = {};
    for (const key in record) {
      if (fields ? keep(fields, key) : keepEverywhere(key)) masked[key] = record[key];
    }
    return masked;
  };
}
