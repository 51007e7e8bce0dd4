import {
  type AuditAction,
  type AuditChange,
  type AuditEntry,
  type AuditEntryDetail,
  auditResource,
  type Condition,
} from '@pult/contract';
import type { FastifyRequest } from 'fastify';
import { sql } from 'kysely';
import type { Db, Executor } from '../../../db/database.js';
import { clientMeta } from '../../../http/client-meta.js';
import type { Clock } from '../../../lib/clock.js';
import type { AuditEvent, AuditSink } from '../../../resources/audit-sink.js';
import type { ListRequest } from '../../../resources/list-request.js';
import { type ListColumn, type ListSource, runList } from '../../../resources/list-sql.js';

interface AuditListRow {
  id: number;
  created_at: Date;
  admin_id: number | null;
  admin_email: string | null;
  admin_name: string | null;
  action: string;
  resource: string | null;
  record_id: string | null;
  ip: string | null;
  user_agent: string | null;
}

const column = (name: string, kind: ListColumn['kind']): ListColumn => ({ sql: sql.ref(`a.${name}`), kind });

/** A record's history must not include record 15 when asked for 5: these text filters are exact. */
const exact = (name: string): ListColumn => ({
  ...column(name, 'text'),
  where: (condition: Condition) =>
    condition.type === 'text' ? sql`${sql.ref(`a.${name}`)} = ${condition.value}` : sql`false`,
});

/**
 * Who the entry's administrator is now, named as the live changes name them (`adminNames`): read with
 * the entry rather than copied into it, so a panel names the same person in both places.
 */
const adminName = sql<string | null>`(
  select coalesce(nullif(trim(concat_ws(' ', ad.first_name, ad.last_name)), ''), ad.email)
  from admins ad where ad.id = a.admin_id)`;

const source: ListSource<AuditListRow, AuditEntry> = {
  descriptor: auditResource,
  table: 'audit_log',
  alias: 'a',
  select: sql`a.id, a.created_at, a.admin_id, a.admin_email, ${adminName} as admin_name, a.action, a.resource,
    a.record_id, a.ip, a.user_agent`,
  columns: {
    id: column('id', 'integer'),
    created_at: column('created_at', 'timestamp'),
    admin_email: column('admin_email', 'text'),
    action: column('action', 'text'),
    resource: exact('resource'),
    record_id: exact('record_id'),
    ip: column('ip', 'text'),
  },
  key: 'id',
  toItem: toEntry,
};

function toEntry(row: AuditListRow): AuditEntry {
  return {
    id: Number(row.id),
    created_at: row.created_at.toISOString(),
    admin_id: row.admin_id === null ? null : Number(row.admin_id),
    admin_email: row.admin_email,
    admin_name: row.admin_name,
    action: row.action as AuditAction,
    resource: row.resource,
    record_id: row.record_id,
    ip: row.ip,
    user_agent: row.user_agent,
  };
}

/** Longer user agents are cut: the log keeps what identifies a client, not whatever a client sends. */
const MAX_USER_AGENT = 512;

/**
 * The audit log: `record` is the only way in (an insert), and nothing in the application updates or
 * deletes an entry; the table's trigger refuses it too.
 */
export function createAuditLog(db: Db, clock: Clock) {
  const sink: AuditSink = {
    async record(request: FastifyRequest, event: AuditEvent, executor: Executor = db): Promise<void> {
      const meta = clientMeta(request);
      const adminId = event.actor ? event.actor.adminId : (request.admin?.adminId ?? null);
      const email = event.actor?.email;
      await executor
        .insertInto('audit_log')
        .values({
          created_at: clock(),
          admin_id: adminId,
          // The e-mail as it was: the log must read the same after the administrator is renamed or removed.
          admin_email:
            email !== undefined
              ? email
              : adminId === null
                ? null
                : sql<string | null>`(select email from admins where id = ${adminId})`,
          action: event.action,
          resource: event.resource,
          record_id: event.recordId === undefined || event.recordId === null ? null : String(event.recordId),
          ip: meta.ip,
          user_agent: meta.userAgent?.slice(0, MAX_USER_AGENT) ?? null,
          changes: JSON.stringify(event.changes ?? []),
          detail: event.detail ? JSON.stringify(event.detail) : null,
        })
        .execute();
    },
  };

  return {
    ...sink,
    list: (request: ListRequest) => runList(db, source, request),
    async get(id: number): Promise<AuditEntryDetail | undefined> {
      const row = await db
        .selectFrom('audit_log as a')
        .selectAll('a')
        .select(adminName.as('admin_name'))
        .where('a.id', '=', id)
        .executeTakeFirst();
      if (!row) return undefined;
      return {
        ...toEntry(row),
        changes: row.changes as AuditChange[],
        detail: row.detail,
      };
    },
  };
}

export type AuditLog = ReturnType<typeof createAuditLog>;
