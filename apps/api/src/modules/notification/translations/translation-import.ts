import { type Locale, translationsResource, translationWriteSchema } from '@pult/contract';
import type { Db } from '../../../db/database.js';
import type { ImportTarget, Values } from '../../../resources/import/import-target.js';
import { tableTarget } from '../../../resources/import/table-target.js';

/**
 * Translations from CSV: found by group and key; each language's text is a column of its own, as
 * the list and its export show them, and they are stored together in `texts` (an empty text is no
 * entry, as the form stores it).
 */
export function translationImportTarget(db: Db): ImportTarget {
  return tableTarget({
    db,
    descriptor: translationsResource,
    createSchema: translationWriteSchema,
    updateSchema: translationWriteSchema,
    table: 'notification_translations',
    columns: { group: 'group_name' },
    stored: (row) => {
      const texts = (row.texts ?? {}) as Partial<Record<Locale, string>>;
      return {
        group: row.group_name,
        key_name: row.key_name,
        value_uk: texts['uk-UA'] || null,
        value_en: texts['en-US'] || null,
      };
    },
    newRow: (values) => ({ group_name: values.group, key_name: values.key_name, texts: textsOf(values) }),
    changedColumns: (_changes, after) => ({ texts: textsOf(after) }),
  });
}

function textsOf(values: Values): string {
  const texts: Partial<Record<Locale, string>> = {};
  if (typeof values.value_uk === 'string' && values.value_uk) texts['uk-UA'] = values.value_uk;
  if (typeof values.value_en === 'string' && values.value_en) texts['en-US'] = values.value_en;
  return JSON.stringify(texts);
}
