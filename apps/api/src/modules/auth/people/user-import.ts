import { personWritableShape, STATUS, userForm, usersResource, userUpdateSchema } from '@pult/contract';
import type { Db } from '../../../db/database.js';
import type { ImportTarget, Values } from '../../../resources/import/import-target.js';
import { tableTarget } from '../../../resources/import/table-target.js';
import { cityReferences, countryReferences, placeCheck } from '../geo/geo-references.js';
import type { TokenService } from '../token-service.js';

/**
 * Stored as the password of an imported user: no argon2 hash, so no password ever matches it. An
 * imported user signs in after setting a password through recovery (a file never carries one).
 */
export const NO_PASSWORD = '!imported';

/** The fields a person's import compares and writes: the update form's. */
const FIELDS = Object.keys(userUpdateSchema.shape);

/**
 * A user's create schema without a password (a file carries none): language and status may be
 * left out, taking the table's defaults (Ukrainian, active), as a spreadsheet of people often does.
 */
const createSchema = userUpdateSchema.extend({
  language: personWritableShape.language.optional(),
  status: personWritableShape.status.optional(),
});

/**
 * Platform users from CSV: found by e-mail (unique without regard to case). A status other than
 * active ends the user's sign-ins, in the import's transaction, as the form's update does.
 */
export function userImportTarget(db: Db, tokens: TokenService): ImportTarget {
  return tableTarget({
    db,
    descriptor: usersResource,
    createSchema,
    updateSchema: userUpdateSchema,
    secrets: userForm.fields.filter((field) => field.input.kind === 'password'),
    references: { country_id: countryReferences, city_id: cityReferences },
    rowCheck: placeCheck,
    table: 'users',
    folded: ['email'],
    stored: storedPerson,
    newRow: (values) => ({ ...values, password_hash: NO_PASSWORD }),
    afterUpdate: async (executor, id, changes) => {
      if (changes.status === undefined || changes.status === STATUS.active) return;
      const reason = changes.status === STATUS.deleted ? 'deleted' : 'status changed';
      await tokens.revokeAll(executor, 'user', Number(id), reason);
    },
  });
}

/** A stored person as an import compares it: the form's fields, a birthday as `YYYY-MM-DD`. */
export function storedPerson(row: Record<string, unknown>): Values {
  const values: Values = {};
  for (const field of FIELDS) values[field] = row[field] ?? null;
  const birthday = row.birthday;
  if (birthday instanceof Date) values.birthday = birthday.toISOString().slice(0, 10);
  return values;
}
