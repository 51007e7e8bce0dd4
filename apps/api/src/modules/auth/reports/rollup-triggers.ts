import { type Kysely, type RawBuilder, sql } from 'kysely';

export interface SlotCounts {
  /** The counted table. */
  table: string;
  /** The rollup: `slot`, the `columns`, then `n`, with a primary key over all but `n`. */
  rollup: string;
  columns: readonly string[];
  /** The slot and the columns' values of one counted row, in that order (read from a transition table). */
  values: RawBuilder<unknown>;
}

/**
 * Counts `table`'s rows per slot and group in `rollup`, exactly, on every insert, update, delete and
 * truncate. Each statement's old and new rows are netted first, so an update that moves no row between
 * groups writes nothing, and groups are written in key order, so two statements never wait on each
 * other's counters crosswise. One function per event: a transition table exists only for its events.
 */
export async function trackSlotCounts(db: Kysely<unknown>, counts: SlotCounts): Promise<void> {
  const key = sql.join([sql.ref('slot'), ...counts.columns.map((column) => sql.ref(column))]);
  const positions = sql.raw(counts.columns.map((_, index) => String(index + 2)).join(', '));
  const netted = (changes: RawBuilder<unknown>) => sql`
    insert into ${sql.table(counts.rollup)} as r (${key}, n)
    select ${key}, sum(delta) from (${changes}) as c (${key}, delta)
    group by 1, ${positions} having sum(delta) <> 0 order by 1, ${positions}
    on conflict (${key}) do update set n = r.n + excluded.n`;
  const added = sql`select ${counts.values}, 1 from new_rows`;
  const removed = sql`select ${counts.values}, -1 from old_rows`;
  const events = [
    ['insert', netted(added), sql`referencing new table as new_rows`],
    [
      'update',
      netted(sql`${added} union all ${removed}`),
      sql`referencing old table as old_rows new table as new_rows`,
    ],
    ['delete', netted(removed), sql`referencing old table as old_rows`],
    ['truncate', sql`delete from ${sql.table(counts.rollup)}`, sql``],
  ] as const;
  for (const [event, body, referencing] of events) {
    const name = sql.id(`${counts.rollup}_${event}`);
    await sql`create function ${name}() returns trigger language plpgsql as $body$
      begin
        ${body};
        return null;
      end $body$`.execute(db);
    await sql`create trigger ${name} after ${sql.raw(event)} on ${sql.table(counts.table)} ${referencing}
      for each statement execute function ${name}()`.execute(db);
  }
}

/**
 * Counts each change of a user's status when it happens (the transaction's time), per new status and
 * the user's country and language: "activated", "locked", "banned", "deleted" per period.
 */
export async function trackTransitions(db: Kysely<unknown>): Promise<void> {
  await sql`
    create function report_user_status_changes_track() returns trigger language plpgsql as $$
    begin
      insert into report_user_status_changes as r (slot, status, country_id, language, n)
      select report_slot(now()), n.status, coalesce(n.country_id, 0), n.language, count(*)
      from new_rows n join old_rows o on o.id = n.id
      where n.status <> o.status
      group by 1, 2, 3, 4 order by 1, 2, 3, 4
      on conflict (slot, status, country_id, language) do update set n = r.n + excluded.n;
      return null;
    end $$`.execute(db);
  await sql`create trigger users_report_status_changes after update on users
    referencing old table as old_rows new table as new_rows
    for each statement execute function report_user_status_changes_track()`.execute(db);
}
