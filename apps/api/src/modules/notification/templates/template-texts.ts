import { type Locale, splitTranslationRef } from '@pult/contract';
import { sql } from 'kysely';
import type { Executor } from '../../../db/database.js';
import type { TranslationTexts } from './render.js';

/** The texts of the translations a template refers to (`group.key`), in one query. */
export async function loadTranslationTexts(
  executor: Executor,
  refs: readonly string[],
): Promise<TranslationTexts> {
  if (refs.length === 0) return new Map();
  const pairs = refs.map(splitTranslationRef);
  const rows = await executor
    .selectFrom('notification_translations')
    .select(['group_name', 'key_name', 'texts'])
    .where(
      sql<boolean>`(group_name, key_name) in (${sql.join(pairs.map((p) => sql`(${p.group}, ${p.key})`))})`,
    )
    .execute();
  return new Map(
    rows.map((row) => [`${row.group_name}.${row.key_name}`, row.texts as Partial<Record<Locale, string>>]),
  );
}
