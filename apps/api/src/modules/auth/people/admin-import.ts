import { adminForm, adminsResource, type Grant, STATUS } from '@pult/contract';
import { sql, type Transaction } from 'kysely';
import type { RequestAccess } from '../../../access/access-control.js';
import type { Db, Executor } from '../../../db/database.js';
import type { Database } from '../../../db/schema.js';
import type { RowFault } from '../../../resources/import/import-report.js';
import type {
  ImportContext,
  ImportSession,
  ImportTarget,
  RowOutcome,
} from '../../../resources/import/import-target.js';
import {
  assertSuperadminRemains,
  changesGroups,
  lockSuperadminMembers,
  membershipFaults,
  membershipRules,
} from '../groups/memberships.js';
import type { TokenService } from '../token-service.js';
import { type InvitationDeps, inviteAdmins, inviterName } from './admin-invitations.js';
import { personImportTarget } from './person-import.js';

export interface AdminImportDeps extends InvitationDeps {
  db: Db;
  tokens: TokenService;
}

type Fault = { field: string; fault: RowFault };

/** What decides who may do what: the audit entry lists their changes record by record. */
const AUDIT_FIELDS = ['groups', 'status'] as const;

/**
 * Administrators from CSV, found by e-mail. A new one gets no usable password and is invited by
 * e-mail to set one; a status other than active ends their sign-ins. Groups follow the rules of the
 * admin form (`groups/memberships.ts`) row by row: the groups exist, nobody changes their own, only
 * groups whose grants the importer holds are added, a membership change needs a fresh step-up, and
 * `superadmin` keeps an active member when the commit ends.
 */
export function adminImportTarget(deps: AdminImportDeps): ImportTarget {
  return personImportTarget({
    db: deps.db,
    tokens: deps.tokens,
    table: 'admins',
    descriptor: adminsResource,
    form: adminForm,
    session: (executor, context) => openSession(executor, context, deps),
    auditFields: AUDIT_FIELDS,
  });
}

async function openSession(
  executor: Executor,
  context: ImportContext,
  deps: AdminImportDeps,
): Promise<ImportSession> {
  const { access, write, columns } = context;
  const hasGroups = columns.includes('groups');
  // Only a file with groups or a status can take `superadmin` its last active member. Its commit
  // takes the lock before any admin row, as the form's writes do (the other order could deadlock
  // with them); any other file leaves administrators' and groups' management free while it runs.
  const guarded = write && (hasGroups || columns.includes('status'));
  if (guarded) await lockSuperadminMembers(transactionOf(executor));
  const groups = hasGroups ? await loadGroups(executor, write) : new Map<string, Grant[]>();
  const inviter = { name: await inviterName(executor, access.identity.adminId), locale: context.locale };
  let invited = 0;
  return {
    checkRow: rowRules(access, groups),
    async afterInsert(trx, created, now) {
      invited += await inviteAdmins(trx, deps, inviter, created, now);
    },
    ...(guarded ? { beforeCommit: (trx: Executor) => assertSuperadminRemains(transactionOf(trx)) } : {}),
    afterCommit() {
      if (invited > 0) deps.mailer.wake();
    },
  };
}

/**
 * Every group's grants, read once per import (there are few). A commit share-locks them until it
 * ends, as a membership change does the groups it names: none is renamed or deleted under it.
 */
async function loadGroups(executor: Executor, write: boolean): Promise<Map<string, Grant[]>> {
  const { rows } = await sql<{ name: string; grants: Grant[] }>`select name, grants from admin_groups
    order by name ${write ? sql`for share` : sql``}`.execute(executor);
  return new Map(rows.map((row) => [row.name, row.grants]));
}

/**
 * The admin form's rules for one row (`membershipFaults`, plus its refusal to lock oneself), as
 * faults of that row rather than a refusal of the file. The first row that passes them with a
 * membership change asks for the step-up, which, like the form's, refuses the whole request until
 * the importer confirms; it is asked once, so a long commit is not cut short when it expires.
 */
function rowRules(access: RequestAccess, groups: ReadonlyMap<string, Grant[]>) {
  const rules = membershipRules(access, groups);
  let steppedUp = false;
  return (row: RowOutcome): Fault[] => {
    const id = row.record === undefined ? undefined : Number(row.record.id);
    const faults: Fault[] = [];
    if (id === access.identity.adminId && locksRecord(row))
      faults.push({ field: 'status', fault: { key: 'cannotLockSelf' } });
    const before = groupsOf(row.record?.values);
    const after = groupsOf(row.after);
    for (const fault of membershipFaults(rules, id, before, after)) faults.push({ field: 'groups', fault });
    if (faults.length === 0 && !steppedUp && changesGroups(before, after)) {
      access.requireStepUp();
      steppedUp = true;
    }
    return faults;
  };
}

function locksRecord(row: RowOutcome): boolean {
  const status = row.after.status;
  return status !== row.record?.values.status && status !== undefined && status !== STATUS.active;
}

function groupsOf(values: Record<string, unknown> | undefined): string[] {
  return Array.isArray(values?.groups) ? (values.groups as string[]) : [];
}

/** A commit's hooks run in its transaction (the route opens one); a dry run writes nothing. */
function transactionOf(executor: Executor): Transaction<Database> {
  if (!executor.isTransaction) throw new Error('an import commit writes in a transaction');
  return executor as Transaction<Database>;
}
