import { type Grant, STATUS, SUPERADMIN_GROUP } from '@pult/contract';
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

/** Why a change of an administrator's groups is refused, before it is put in words. */
export type MembershipFault =
  | { key: 'cannotChangeOwnGroups' }
  | { key: 'groupNotFound'; params: { name: string } }
  | { key: 'grantNotHeld'; params: { resource: string; action: string } };

/** What the rules of a membership change know: who changes it, and the groups that exist. */
export interface MembershipRules {
  actorId: number;
  exists(name: string): boolean;
  /** The first grant of the group that the actor does not hold (resource, action). */
  notHeld(name: string): [string, string] | undefined;
}

/**
 * The rules over these groups' grants (at least those a change names), for one actor. What the
 * actor lacks is worked out once per group: an import asks it row after row.
 */
export function membershipRules(actor: RequestAccess, groups: ReadonlyMap<string, Grant[]>): MembershipRules {
  const notHeld = new Map<string, [string, string] | undefined>();
  return {
    actorId: actor.identity.adminId,
    exists: (name) => groups.has(name),
    notHeld(name) {
      if (!notHeld.has(name))
        notHeld.set(name, firstNotHeld(groups.get(name) ?? [], actor.permissions, actor.catalogue));
      return notHeld.get(name);
    },
  };
}

/** Whether the groups differ as sets (an order or a repeat is no change). */
export function changesGroups(before: readonly string[], after: readonly string[]): boolean {
  return after.some((name) => !before.includes(name)) || before.some((name) => !after.includes(name));
}

/**
 * The rules of a change of an administrator's groups (`adminId`; undefined for a new one), without
 * side effects: nobody changes their own (then nothing more is said); the groups exist; whoever adds
 * someone to a group holds everything it grants. None when the groups do not change. The form
 * refuses with the first; an import rejects the row with all of them.
 */
export function membershipFaults(
  rules: MembershipRules,
  adminId: number | undefined,
  before: readonly string[],
  after: readonly string[],
): MembershipFault[] {
  if (!changesGroups(before, after)) return [];
  if (adminId === rules.actorId) return [{ key: 'cannotChangeOwnGroups' }];
  const faults: MembershipFault[] = [];
  for (const name of after) {
    if (!rules.exists(name)) faults.push({ key: 'groupNotFound', params: { name } });
  }
  for (const name of after) {
    const missing = before.includes(name) || !rules.exists(name) ? undefined : rules.notHeld(name);
    if (missing) faults.push({ key: 'grantNotHeld', params: { resource: missing[0], action: missing[1] } });
  }
  return faults;
}

/** A membership fault as the form answers it: the groups field's 422, or a 403 for a grant. */
function membershipError(fault: MembershipFault): AppError {
  switch (fault.key) {
    case 'cannotChangeOwnGroups':
      return errors.fields({ groups: fault.key });
    case 'groupNotFound':
      return new AppError(422, { kind: 'fields', fields: { groups: [fault] } });
    case 'grantNotHeld':
      return errors.forbidden(fault.key, fault.params);
  }
}

/**
 * The rules of a change of an administrator's groups (`membershipFaults`), checked in the writing
 * transaction, whose first fault refuses the request. The groups are held with a share lock until
 * the commit, so none is deleted or renamed meanwhile.
 */
export async function checkMembershipChange(
  trx: Transaction<Database>,
  actor: RequestAccess,
  adminId: number,
  before: readonly string[],
  after: readonly string[],
): Promise<void> {
  if (!changesGroups(before, after)) return;
  const groups = await lockGroups(trx, after);
  const [fault] = membershipFaults(membershipRules(actor, groups), adminId, before, after);
  // One's own groups are refused outright. Any other change of who may do what is a dangerous
  // action, confirmed with a fresh factor before anything else is said about it.
  if (fault?.key !== 'cannotChangeOwnGroups') actor.requireStepUp();
  if (fault) throw membershipError(fault);
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
