import { type Kysely, type Migration, sql } from 'kysely';

/**
 * Saved reports (docs/architecture.md, "Reports"). A row is a report's URL parameters under a name,
 * its owner and the groups it is shared with. Scheduled delivery builds on it: a schedule will be a
 * row of its own referring to `saved_reports (id)` (on delete cascade) with its slot, zone and
 * recipients, so this table needs no change for it.
 */
export const savedReportMigrations: Record<string, Migration> = {
  '2026-11-29-0900-saved-reports': {
    async up(db: Kysely<unknown>) {
      await sql`
        create table saved_reports (
          id bigint generated always as identity primary key,
          owner_id bigint not null references admins (id) on delete cascade,
          name text not null,
          report text not null,
          query jsonb not null default '{}'::jsonb,
          shared_with text[] not null default '{}',
          created_at timestamptz not null default now(),
          updated_at timestamptz not null default now()
        )`.execute(db);
      // One name per owner, case aside: the index decides between two saves at once, not a lookup.
      await sql`create unique index saved_reports_owner_name_key on saved_reports (owner_id, lower(name))`.execute(
        db,
      );
      // "Shared with a group I am in": an overlap of two arrays.
      await sql`create index saved_reports_shared_with_idx on saved_reports using gin (shared_with)`.execute(
        db,
      );
    },
  },
};
