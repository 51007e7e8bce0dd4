import { type Kysely, type Migration, sql } from 'kysely';

/**
 * Scheduled delivery of saved reports (docs/architecture.md, "Reports"). A schedule refers to its saved
 * report and goes with it; `next_run_at` is the slot it is due at, which the process that runs it moves
 * on in the same transaction that queues the e-mails, so a slot runs once whatever the number of
 * processes. Each run is a row, unique per (schedule, slot) as a second guard.
 */
export const reportScheduleMigrations: Record<string, Migration> = {
  '2026-11-30-0900-report-schedules': {
    async up(db: Kysely<unknown>) {
      await sql`
        create table report_schedules (
          id bigint generated always as identity primary key,
          saved_report_id bigint not null references saved_reports (id) on delete cascade,
          owner_id bigint not null references admins (id) on delete cascade,
          frequency text not null check (frequency in ('daily', 'weekly', 'monthly')),
          weekday smallint check (weekday between 1 and 7),
          month_day smallint check (month_day between 1 and 28),
          hour smallint not null check (hour between 0 and 23),
          time_zone text not null,
          recipients bigint[] not null,
          enabled boolean not null default true,
          next_run_at timestamptz,
          created_at timestamptz not null default now(),
          updated_at timestamptz not null default now(),
          check ((frequency = 'weekly') = (weekday is not null)),
          check ((frequency = 'monthly') = (month_day is not null))
        )`.execute(db);
      // The scheduler's question every tick: which enabled schedules are due.
      await sql`create index report_schedules_due_idx on report_schedules (next_run_at) where enabled`.execute(
        db,
      );
      await sql`create index report_schedules_saved_report_idx on report_schedules (saved_report_id)`.execute(
        db,
      );
      await sql`
        create table report_schedule_runs (
          id bigint generated always as identity primary key,
          schedule_id bigint not null references report_schedules (id) on delete cascade,
          slot timestamptz not null,
          manual boolean not null default false,
          status text not null check (status in ('sent', 'partial', 'skipped', 'failed')),
          started_at timestamptz not null,
          sent integer not null default 0,
          skipped jsonb not null default '[]'::jsonb,
          error text,
          unique (schedule_id, slot)
        )`.execute(db);
      // A schedule's slots in its own zone, where a day has 23 or 25 hours twice a year: the database's
      // zone rules decide, the same ones the reports' periods use. The first slot strictly after
      // `after`; a slot in a spring-forward gap moves on by the gap, as PostgreSQL reads such a time.
      await sql`
        create function report_schedule_next(
          frequency text, weekday integer, month_day integer, hour integer, zone text, after timestamptz
        ) returns timestamptz language sql stable as $$
          select min(slot) from (
            select (day::date + make_interval(hours => hour)) at time zone zone as slot
            from generate_series(((after at time zone zone)::date - 1)::timestamp,
              ((after at time zone zone)::date + 62)::timestamp, interval '1 day') as day
            where case frequency
              when 'daily' then true
              when 'weekly' then extract(isodow from day) = weekday
              else extract(day from day) = month_day
            end
          ) as slots
          where slot > after
        $$`.execute(db);
    },
  },
};
