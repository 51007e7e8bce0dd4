import { type Grant, type MessageKey, STATUS, SUPERADMIN_GROUP } from '@pult/contract';
import { sql, type Transaction } from 'kysely';
import type { RequestAccess } from '../../../access/access-control.js';
import { lockNames } from '../../../db/advisory-lock.js';
import type { Database } from '../../../db/schema.js';
import { AppError, errors } from '../../../http/app-error.js';
import { firstNotHeld } from './escalation.js';

/** Taken by every write that could leave `superadmin` without an active member, before it writes. */
const SUPERADMIN_LOCK = 'auth:superadmin-members';

export async function lockSuperadminMembers(trx: Transaction<Database>): Promise<void> {
  await lockNames(trx, [SUPERADMIN_LOCK]);
}

/**
 * After a write that took `lockSuperadminMembers`: some active administrator must still be in
 * `superadmin`. Two administrators removing each other at once take the lock in turn, so the second
 * sees the first's change and is refused (422), leaving one.
 */
export async function assertSuperadminRemains(trx: Transaction<Database>): Promise<void> {
  const { rows } = await sql<{ found: boolean }>`select exists (select 1 from admins
    where ${SUPERADMIN_GROUP} = any(groups) and status = ${STATUS.active}) as found`.execute(trx);
  if (!rows[0]?.found) throw errors.unprocessable('lastSuperadmin');
}

function groupError(key: MessageKey, name: string): AppError {
  return new AppError(422, { kind: 'fields', fields: { groups: [{ key, params: { name } }] } });
}

/**
 * The rules of a change of an administrator's groups, checked in the writing transaction: the groups
 * exist (held with a share lock until the commit, so none is deleted or renamed meanwhile); nobody
 * changes their own; and whoever adds someone to a group holds everything it grants.
 */
export async function checkMembershipChange(
  trx: Transaction<Database>,
  actor: RequestAccess,
  adminId: number,
  before: readonly string[],
  after: readonly string[],
): Promise<void> {
  const added = after.filter((name) => !before.includes(name));
  const removed = before.filter((name) => !after.includes(name));
  if (added.length === 0 && removed.length === 0) return;
  if (adminId === actor.identity.adminId) throw errors.fields({ groups: 'cannotChangeOwnGroups' });
  // Who may do what changes with a membership: a dangerous action, confirmed with a fresh factor.
  actor.requireStepUp();
  const groups = await lockGroups(trx, after);
  for (const name of after) {
    if (!groups.has(name)) throw groupError('groupNotFound', name);
  }
  for (const name of added) {
    const missing = firstNotHeld(groups.get(name) ?? [], actor.permissions, actor.catalogue);
    if (missing) throw errors.forbidden('grantNotHeld', { resource: missing[0], action: missing[1] });
  }
}

/** The named groups' grants, share-locked for the transaction. */
export async function lockGroups(
  trx: Transaction<Database>,
  names: readonly string[],
): Promise<Map<string, Grant[]>> {
  if (names.length === 0) return new Map();
  const { rows } = await sql<{ name: string; grants: Grant[] }>`select name, grants from admin_groups
    where name = any(${[...names]}::text[]) order by name for share`.execute(trx);
  return new Map(rows.map((row) => [row.name, row.grants]));
}
