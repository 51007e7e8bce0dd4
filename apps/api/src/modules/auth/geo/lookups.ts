import type { Locale, LookupResponse } from '@pult/contract';
import { sql } from 'kysely';
import type { Db } from '../../../db/database.js';
import { nameColumn } from './names.js';

/** Most cities a lookup returns; a country has far fewer, and the panel narrows by country. */
const MAX_CITY_OPTIONS = 1000;

/** Options of the panel's country and city selects, named in the request's language. */
export function createGeoLookups(db: Db) {
  return {
    async countries(locale: Locale): Promise<LookupResponse> {
      const name = nameColumn('c', locale);
      const { rows } = await sql<{ value: number; label: string }>`select c.id as value, ${name} as label
        from countries c`.execute(db);
      return { items: sortByLabel(rows, locale) };
    },

    async cities(locale: Locale, countryId: number | undefined): Promise<LookupResponse> {
      const name = nameColumn('ci', locale);
      const where = countryId === undefined ? sql`` : sql`where ci.country_id = ${countryId}`;
      const { rows } = await sql<{ value: number; label: string }>`select ci.id as value, ${name} as label
        from cities ci ${where} order by ci.id limit ${MAX_CITY_OPTIONS}`.execute(db);
      return { items: sortByLabel(rows, locale) };
    },
  };
}

/**
 * In the reader's alphabet: the database's collation may be byte order (PGlite has no ICU), which
 * puts Є, І and Ї before А.
 */
function sortByLabel<T extends { value: number; label: string }>(items: T[], locale: Locale): T[] {
  const collator = new Intl.Collator(locale);
  return items.sort((a, b) => collator.compare(a.label, b.label) || a.value - b.value);
}
