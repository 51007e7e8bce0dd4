import { sql } from 'kysely';
import type { Db } from '../../../db/database.js';

export type NameKind = 'service' | 'environment';

/**
 * Services and environments named by log entries, as small ids. Names are never deleted, so an id,
 * once known, is cached for the life of the process; a new name is added with `on conflict do
 * nothing`, so concurrent batches naming it agree on one id.
 */
export function createLogNames(db: Db) {
  const cache = new Map<string, number>();
  const cacheKey = (kind: NameKind, name: string) => `${kind}\u0000${name}`;

  return {
    async ids(kind: NameKind, names: readonly string[]): Promise<Map<string, number>> {
      const wanted = [...new Set(names)];
      const missing = wanted.filter((name) => !cache.has(cacheKey(kind, name)));
      if (missing.length > 0) {
        await sql`insert into storage_log_names (kind, name) select ${kind}, unnest(${missing}::text[])
          on conflict (kind, name) do nothing`.execute(db);
        const rows = await db
          .selectFrom('storage_log_names')
          .select(['id', 'name'])
          .where('kind', '=', kind)
          .where('name', 'in', missing)
          .execute();
        for (const row of rows) cache.set(cacheKey(kind, row.name), row.id);
      }
      return new Map(wanted.map((name) => [name, cache.get(cacheKey(kind, name)) as number]));
    },

    /** `{ value, label }` of every name of a kind, for the filters' selects. */
    async lookup(kind: NameKind) {
      const rows = await db
        .selectFrom('storage_log_names')
        .select(['id as value', 'name as label'])
        .where('kind', '=', kind)
        .orderBy('name')
        .limit(1_000)
        .execute();
      return { items: rows };
    },
  };
}

export type LogNames = ReturnType<typeof createLogNames>;
