import {
  type FormDescriptor,
  personWritableShape,
  type ResourceDescriptor,
  STATUS,
  type userUpdateSchema,
} from '@pult/contract';
import type { z } from 'zod';
import type { Db } from '../../../db/database.js';
import type { ImportTarget, Values } from '../../../resources/import/import-target.js';
import { tableTarget } from '../../../resources/import/table-target.js';
import { cityReferences, countryReferences, placeCheck } from '../geo/geo-references.js';
import type { TokenService } from '../token-service.js';

/**
 * Stored as the password of an imported person: no argon2 hash, so no password ever matches it. An
 * imported person signs in after setting a password through recovery or an invitation (a file
 * never carries one).
 */
export const NO_PASSWORD = '!imported';

/** A person's update schema: users' and administrators' have the same fields. */
type PersonUpdateSchema = typeof userUpdateSchema;

export interface PersonImportOptions {
  db: Db;
  tokens: TokenService;
  table: 'users' | 'admins';
  descriptor: ResourceDescriptor;
  form: FormDescriptor<z.ZodType, PersonUpdateSchema>;
  /** What the import of this kind of person adds per request (an administrator's groups). */
  session?: ImportTarget['session'];
  /** Fields whose changes the import's audit entry lists record by record. */
  auditFields?: readonly string[];
}

/**
 * People (users or administrators) from CSV, found by e-mail (unique without regard to case): the
 * update form's fields, no password (an imported person gets none), language and status left to the
 * table's defaults (Ukrainian, active) when a spreadsheet of people leaves them out. A status other
 * than active ends the person's sign-ins, in the import's transaction, as the form's update does.
 */
export function personImportTarget(options: PersonImportOptions): ImportTarget {
  const { form, tokens } = options;
  const kind = options.table === 'admins' ? 'admin' : 'user';
  return tableTarget({
    db: options.db,
    descriptor: options.descriptor,
    createSchema: form.updateSchema.extend({
      language: personWritableShape.language.optional(),
      status: personWritableShape.status.optional(),
    }),
    updateSchema: form.updateSchema,
    secrets: form.fields.filter((field) => field.input.kind === 'password'),
    references: { country_id: countryReferences, city_id: cityReferences },
    rowCheck: placeCheck,
    table: options.table,
    folded: ['email'],
    stored: storedPerson(form.updateSchema),
    newRow: (values) => ({ ...values, password_hash: NO_PASSWORD }),
    afterUpdate: async (executor, id, changes) => {
      if (changes.status === undefined || changes.status === STATUS.active) return;
      const reason = changes.status === STATUS.deleted ? 'deleted' : 'status changed';
      await tokens.revokeAll(executor, kind, Number(id), reason);
    },
    ...(options.session ? { session: options.session } : {}),
    ...(options.auditFields ? { auditFields: options.auditFields } : {}),
  });
}

/** A stored person as an import compares it: the form's fields, a birthday as `YYYY-MM-DD`. */
function storedPerson(schema: PersonUpdateSchema): (row: Record<string, unknown>) => Values {
  const fields = Object.keys(schema.shape);
  return (row) => {
    const values: Values = {};
    for (const field of fields) values[field] = row[field] ?? null;
    const birthday = row.birthday;
    if (birthday instanceof Date) values.birthday = birthday.toISOString().slice(0, 10);
    return values;
  };
}
