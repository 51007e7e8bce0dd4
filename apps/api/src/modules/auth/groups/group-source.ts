import { type Grant, type Group, grantsSchema, groupsResource } from '@pult/contract';
import { sql } from 'kysely';
import type { ListColumn, ListSource } from '../../../resources/list-sql.js';

export interface GroupRow {
  id: number;
  name: string;
  description: string;
  grants: unknown;
  builtin: boolean;
  mfa_required: boolean;
  member_count: number;
  created_at: Date;
  updated_at: Date;
}

const column = (name: string, kind: ListColumn['kind']): ListColumn => ({ sql: sql.ref(`g.${name}`), kind });

export const GROUP_SELECT = sql`g.id, g.name, g.description, g.grants, g.builtin, g.mfa_required,
  g.created_at, g.updated_at,
  (select count(*) from admins a where g.name = any(a.groups))::int as member_count`;

export const groupListSource: ListSource<GroupRow, Group> = {
  descriptor: groupsResource,
  table: 'admin_groups',
  alias: 'g',
  select: GROUP_SELECT,
  columns: {
    id: column('id', 'integer'),
    name: column('name', 'text'),
    description: column('description', 'text'),
    created_at: column('created_at', 'timestamp'),
    updated_at: column('updated_at', 'timestamp'),
  },
  key: 'id',
  toItem: toGroup,
};

/** Stored grants were validated when written; parsing again fills defaults a migration left out. */
export function parseGrants(stored: unknown): Grant[] {
  const parsed = grantsSchema.safeParse(stored);
  return parsed.success ? parsed.data : [];
}

export function toGroup(row: GroupRow): Group {
  const grants = parseGrants(row.grants);
  return {
    id: Number(row.id),
    name: row.name,
    description: row.description,
    grants,
    grant_count: grants.length,
    member_count: Number(row.member_count),
    builtin: row.builtin,
    mfa_required: row.mfa_required,
    created_at: row.created_at.toISOString(),
    updated_at: row.updated_at.toISOString(),
  };
}
