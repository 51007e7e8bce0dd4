import { type Kysely, type Migration, sql } from 'kysely';
import { monthlyRollupBeside } from './report-migrations.js';

/**
 * A monthly rollup beside every report rollup's daily one (docs/architecture.md, "Reports"): a
 * two-year report by month read some 700 daily rows per group, now 24 monthly ones and the days of
 * the months it only partly covers. The daily tables are found in the catalog, so every module's
 * rollups get theirs, with the daily primary key's columns (after `day`) as the monthly one's.
 */
export const monthlyRollupMigrations: Record<string, Migration> = {
  '2026-11-30-1000-report-monthly-rollups': {
    async up(db: Kysely<unknown>) {
      await sql`set local statement_timeout = 0`.execute(db);
      // On a new database the rollups made by earlier migrations have theirs already (createSlotRollup
      // makes it): only those of an upgraded one lack it.
      const { rows } = await sql<{ rollup: string; columns: string[] }>`
        select left(k.table_name, -length('_daily')) as rollup,
          array_agg(k.column_name::text order by k.ordinal_position) as columns
        from information_schema.table_constraints c
        join information_schema.key_column_usage k using (constraint_schema, constraint_name, table_name)
        where c.constraint_type = 'PRIMARY KEY' and c.table_schema = current_schema()
          and c.table_name like 'report\\_%\\_daily' and k.column_name <> 'day'
          and to_regclass(left(k.table_name, -length('_daily')) || '_monthly') is null
        group by 1 order by 1`.execute(db);
      for (const { rollup, columns } of rows) await monthlyRollupBeside(db, rollup, columns);
    },
  },
};
