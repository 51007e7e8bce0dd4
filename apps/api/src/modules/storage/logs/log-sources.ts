import {
  type ErrorGroup,
  type ErrorItem,
  errorGroupsResource,
  errorsResource,
  type LogItem,
  type LogLevel,
  logsResource,
} from '@pult/contract';
import { type RawBuilder, sql } from 'kysely';
import type { ListColumn, ListSource } from '../../../resources/list-sql.js';

/** How much of a message a list row carries; the record view has all of it. */
const LIST_MESSAGE_LENGTH = 300;

interface LogRow {
  id: number;
  created_at: Date;
  received_at: Date;
  level: LogLevel;
  service_id: number;
  service: string;
  environment_id: number;
  environment: string;
  message: string;
  group_id?: number;
  trace_log?: string | null;
  context?: unknown;
}

const column = (name: string, kind: ListColumn['kind']): ListColumn => ({ sql: sql.ref(`l.${name}`), kind });

const LOG_COLUMNS: Record<string, ListColumn> = {
  id: column('id', 'integer'),
  created_at: column('created_at', 'timestamp'),
  level: column('level', 'text'),
  service_id: column('service_id', 'integer'),
  environment_id: column('environment_id', 'integer'),
  message: column('message', 'text'),
};

export const NAME_JOINS = sql`join storage_log_names sn on sn.id = l.service_id
  join storage_log_names en on en.id = l.environment_id`;

/** The columns of a log or error row, with the message cut for a list or whole for a record. */
export function logSelect(full: boolean, table: 'storage_logs' | 'storage_errors'): RawBuilder<unknown> {
  const message = full ? sql`l.message` : sql`left(l.message, ${sql.lit(LIST_MESSAGE_LENGTH)}) as message`;
  const extra = full ? sql`, l.trace_log, l.context` : sql``;
  const group = table === 'storage_errors' ? sql`, l.group_id` : sql``;
  return sql`l.id, l.created_at, l.received_at, l.level, l.service_id, sn.name as service, l.environment_id,
    en.name as environment, ${message} ${group} ${extra}`;
}

export function toLogItem<T extends LogItem>(row: LogRow): T {
  return {
    ...row,
    created_at: row.created_at.toISOString(),
    received_at: row.received_at.toISOString(),
  } as unknown as T;
}

export const logListSource: ListSource<LogRow, LogItem> = {
  descriptor: logsResource,
  table: 'storage_logs',
  alias: 'l',
  joins: NAME_JOINS,
  select: logSelect(false, 'storage_logs'),
  columns: LOG_COLUMNS,
  key: 'id',
  toItem: toLogItem,
  countedTable: 'storage_logs',
  dayCounts: { table: 'storage_logs', dayField: 'created_at', bucketField: 'level' },
};

export const errorListSource: ListSource<LogRow, ErrorItem> = {
  descriptor: errorsResource,
  table: 'storage_errors',
  alias: 'l',
  joins: NAME_JOINS,
  select: logSelect(false, 'storage_errors'),
  columns: { ...LOG_COLUMNS, group_id: column('group_id', 'integer') },
  key: 'id',
  toItem: toLogItem,
  countedTable: 'storage_errors',
  dayCounts: { table: 'storage_errors', dayField: 'created_at', bucketField: 'level' },
};

interface GroupRow {
  id: number;
  status: 'open' | 'resolved';
  service_id: number;
  service: string;
  level: LogLevel;
  message: string;
  top_frame: string | null;
  count: number;
  first_seen: Date;
  last_seen: Date;
  resolved_at: Date | null;
}

const groupColumn = (name: string, kind: ListColumn['kind']): ListColumn => ({
  sql: sql.ref(`g.${name}`),
  kind,
});

export const GROUP_SELECT = sql`g.id, g.status, g.service_id, sn.name as service, g.level,
  left(g.message, ${sql.lit(LIST_MESSAGE_LENGTH)}) as message, g.top_frame, g.count, g.first_seen, g.last_seen,
  g.resolved_at`;
export const GROUP_JOINS = sql`join storage_log_names sn on sn.id = g.service_id`;

export function toErrorGroup(row: GroupRow): ErrorGroup {
  return {
    ...row,
    first_seen: row.first_seen.toISOString(),
    last_seen: row.last_seen.toISOString(),
    resolved_at: row.resolved_at?.toISOString() ?? null,
  };
}

export const errorGroupListSource: ListSource<GroupRow, ErrorGroup> = {
  descriptor: errorGroupsResource,
  table: 'storage_error_groups',
  alias: 'g',
  joins: GROUP_JOINS,
  select: GROUP_SELECT,
  columns: {
    id: groupColumn('id', 'integer'),
    status: groupColumn('status', 'text'),
    level: groupColumn('level', 'text'),
    service_id: groupColumn('service_id', 'integer'),
    message: groupColumn('message', 'text'),
    count: groupColumn('count', 'integer'),
    first_seen: groupColumn('first_seen', 'timestamp'),
    last_seen: groupColumn('last_seen', 'timestamp'),
  },
  key: 'id',
  toItem: toErrorGroup,
};

export type { GroupRow, LogRow };
