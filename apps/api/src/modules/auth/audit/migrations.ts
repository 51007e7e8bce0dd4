import { type Kysely, type Migration, sql } from 'kysely';

/** The audit log: append-only, enforced by the database itself, not only by the routes. */
export const auditMigrations: Record<string, Migration> = {
  '2026-11-24-0500-audit-log': {
    async up(db: Kysely<unknown>) {
      await sql`
        create table audit_log (
          id bigint generated always as identity primary key,
          created_at timestamptz not null default now(),
          admin_id bigint,
          admin_email text,
          action text not null,
          resource text,
          record_id text,
          ip text,
          user_agent text,
          changes jsonb not null default '[]',
          detail jsonb
        )`.execute(db);
      // No foreign key to admins: an entry must outlive the administrator it names.
      await sql`create index audit_log_created_idx on audit_log (created_at, id)`.execute(db);
      await sql`create index audit_log_record_idx on audit_log (resource, record_id, id)`.execute(db);
      await sql`create index audit_log_admin_idx on audit_log (admin_id, id)`.execute(db);
      await sql`create index audit_log_action_idx on audit_log (action, id)`.execute(db);
      await sql`
        create function audit_log_append_only() returns trigger language plpgsql as $$
        begin
          raise exception 'audit_log is append-only' using errcode = 'insufficient_privilege';
        end $$`.execute(db);
      await sql`create trigger audit_log_no_change before update or delete on audit_log
        for each row execute function audit_log_append_only()`.execute(db);
      await sql`create trigger audit_log_no_truncate before truncate on audit_log
        for each statement execute function audit_log_append_only()`.execute(db);
      await sql`revoke update, delete, truncate on audit_log from public`.execute(db);
    },
  },
};
