import type { Locale } from '@pult/contract';
import { type RawBuilder, sql } from 'kysely';
import type { Executor } from '../db/database.js';

/** A sort expression for a text column that orders it in the reader's alphabet. */
export type TextOrder = (expr: RawBuilder<unknown>, locale: Locale) => RawBuilder<unknown>;

/** The ICU collation of each UI language (PostgreSQL built with ICU ships them). */
export const ICU_COLLATIONS: Record<Locale, string> = { 'uk-UA': 'uk-x-icu', 'en-US': 'en-x-icu' };

/**
 * The Ukrainian alphabet in order, each letter upper- and lower-case, mapped by the fallback key
 * to one private-use character per letter (in that order), so byte order becomes alphabet order:
 * Ґ after Г, Є after Е, І and Ї after И. An apostrophe keeps its byte, below every letter, so it
 * sorts as ICU sorts it (Кам'янка before Камінь).
 */
const UKRAINIAN_ALPHABET = 'абвгґдеєжзиіїйклмнопрстуфхцчшщьюя';

function fallbackTables(): { from: string; to: string } {
  let from = '';
  let to = '';
  [...UKRAINIAN_ALPHABET].forEach((letter, index) => {
    const key = String.fromCodePoint(0xe000 + index);
    from += letter + letter.toLocaleUpperCase('uk-UA');
    to += key + key;
  });
  return { from, to };
}

const FALLBACK = fallbackTables();

/**
 * Without ICU (PGlite; a server built without it) the database only knows byte order ("C"), which
 * puts Є, І, Ї and Ґ before А and capitals before small letters. The fallback orders by a key:
 * ASCII letters lower-cased (the "C" `lower` folds only ASCII), Ukrainian letters mapped to their
 * alphabet positions (a list's key column breaks ties). Its known limits: Latin names come before
 * Cyrillic ones in both languages, and accented Latin letters (É) after z.
 */
export function fallbackSortKey(expr: RawBuilder<unknown>): RawBuilder<unknown> {
  return sql`translate(lower(${expr}), ${FALLBACK.from}, ${FALLBACK.to}) collate "C"`;
}

/**
 * Finds once, at start, whether the database has the ICU collations of both languages; a list then
 * sorts a name column with the reader's collation, or with the fallback key when it has none.
 */
export async function detectTextOrder(executor: Executor): Promise<TextOrder> {
  const wanted = Object.values(ICU_COLLATIONS);
  const { rows } = await sql<{ collname: string }>`select collname from pg_collation
    where collname in (${sql.join(wanted)})`.execute(executor);
  const found = new Set(rows.map((row) => row.collname));
  if (!wanted.every((name) => found.has(name))) return fallbackSortKey;
  return (expr, locale) => sql`${expr} collate ${sql.id(ICU_COLLATIONS[locale])}`;
}
