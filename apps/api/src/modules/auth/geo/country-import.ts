import { countriesResource, countryWriteSchema } from '@pult/contract';
import type { Db } from '../../../db/database.js';
import type { ImportTarget } from '../../../resources/import/import-target.js';
import { tableTarget } from '../../../resources/import/table-target.js';

/** Countries from CSV: found by their ISO code (unique), the form's schema for both create and update. */
export function countryImportTarget(db: Db): ImportTarget {
  return tableTarget({
    db,
    descriptor: countriesResource,
    createSchema: countryWriteSchema,
    updateSchema: countryWriteSchema,
    table: 'countries',
    stored: (row) => ({ code: row.code, name_uk: row.name_uk, name_en: row.name_en }),
  });
}
