import { citiesResource, cityWriteSchema } from '@pult/contract';
import type { Db } from '../../../db/database.js';
import type { ImportTarget } from '../../../resources/import/import-target.js';
import { tableTarget } from '../../../resources/import/table-target.js';
import { countryReferences } from './geo-references.js';

/**
 * Cities from CSV: found by their country and English name (unique without regard to case); the
 * country by its name in either language or its ISO code, as the export writes it.
 */
export function cityImportTarget(db: Db): ImportTarget {
  return tableTarget({
    db,
    descriptor: citiesResource,
    createSchema: cityWriteSchema,
    updateSchema: cityWriteSchema,
    references: { country_id: countryReferences },
    table: 'cities',
    folded: ['name_en'],
    stored: (row) => ({ country_id: row.country_id, name_uk: row.name_uk, name_en: row.name_en }),
  });
}
