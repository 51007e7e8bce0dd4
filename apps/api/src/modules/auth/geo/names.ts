import type { Locale } from '@pult/contract';
import { type RawBuilder, sql } from 'kysely';

/** The localised name column of a country or city (`name_uk` or `name_en`) under a table alias. */
export function nameColumn(alias: string, locale: Locale): RawBuilder<unknown> {
  return sql.ref(`${alias}.${locale === 'uk-UA' ? 'name_uk' : 'name_en'}`);
}
