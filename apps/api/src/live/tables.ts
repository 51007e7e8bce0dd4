import type { ColumnType, Generated } from 'kysely';

/** One change of a tracked table's rows, written by its triggers (live/migrations.ts). */
export interface ChangeEventsTable {
  id: Generated<number>;
  /** The writing transaction (`xid8`), as text. */
  tx: ColumnType<string, never, never>;
  at: ColumnType<Date, never, never>;
  resource: string;
  record_id: string | null;
  op: string;
  version: string | null;
  actor_id: number | null;
}

export interface LiveTables {
  change_events: ChangeEventsTable;
}
