import { type ReportId, type SavedReport, STATUS, savedReportsResource } from '@pult/contract';
import { sql } from 'kysely';
import type { ListColumn, ListSource } from '../../resources/list-sql.js';

export interface SavedReportRow {
  id: number;
  name: string;
  report: ReportId;
  query: Record<string, string>;
  owner_id: number;
  owner_name: string;
  shared_with: string[];
  mine: boolean;
  created_at: Date;
  updated_at: Date;
}

/** Who reads: their id and groups decide what they see and which rows are `mine`. */
export interface SavedReportReader {
  adminId: number;
  groups: readonly string[];
}

const column = (name: string, kind: ListColumn['kind']): ListColumn => ({ sql: sql.ref(`s.${name}`), kind });

const COLUMNS: Record<string, ListColumn> = {
  id: column('id', 'integer'),
  name: column('name', 'text'),
  report: column('report', 'text'),
  // Not a list column, but a grant's condition may name it (`update` where `owner_id` is `$actor.id`).
  owner_id: column('owner_id', 'integer'),
  created_at: column('created_at', 'timestamp'),
  updated_at: column('updated_at', 'timestamp'),
};

/** The table as writes and versions address it (no reader: they go by id). */
export const savedReportTable = { table: 'saved_reports', alias: 's', key: 'id', columns: COLUMNS };

export function savedReportSelect(reader: SavedReportReader) {
  return sql`s.id, s.name, s.report, s.query, s.owner_id, s.shared_with, s.created_at, s.updated_at,
    s.owner_id = ${reader.adminId} as mine,
    (select coalesce(nullif(trim(a.first_name || ' ' || a.last_name), ''), '#' || a.id)
      from admins a where a.id = s.owner_id) as owner_name`;
}

/**
 * What a reader sees: their own saved reports and those shared with a group they are in, while their
 * owner's account is not deleted (nobody else may remove them, so they leave with their owner).
 */
export function visibleTo(reader: SavedReportReader) {
  return sql<boolean>`(s.owner_id = ${reader.adminId} or (s.shared_with && ${[...reader.groups]}::text[]
    and exists (select 1 from admins o where o.id = s.owner_id and o.status <> ${STATUS.deleted})))`;
}

/**
 * The list of one reader: what they see, of the reports they may open (a saved report of a report
 * they may not open would only be refused when run).
 */
export function savedReportList(
  reader: SavedReportReader,
  openable: readonly ReportId[],
): ListSource<SavedReportRow, SavedReport> {
  return {
    ...savedReportTable,
    descriptor: savedReportsResource,
    select: savedReportSelect(reader),
    scope: sql`${visibleTo(reader)} and s.report = any(${[...openable]}::text[])`,
    toItem: toSavedReport,
  };
}

export function toSavedReport(row: SavedReportRow): SavedReport {
  return {
    id: Number(row.id),
    name: row.name,
    report: row.report,
    query: row.query,
    owner_id: Number(row.owner_id),
    owner_name: row.owner_name,
    shared_with: row.shared_with,
    mine: row.mine,
    created_at: row.created_at.toISOString(),
    updated_at: row.updated_at.toISOString(),
  };
}
