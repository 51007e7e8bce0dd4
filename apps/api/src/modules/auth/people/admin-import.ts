import {
  adminForm,
  adminsResource,
  adminUpdateSchema,
  type Grant,
  personWritableShape,
  STATUS,
} from '@pult/contract';
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
import { tableTarget } from '../../../resources/import/table-target.js';
import { cityReferences, countryReferences, placeCheck } from '../geo/geo-references.js';
import { firstNotHeld } from '../groups/escalation.js';
import { assertSuperadminRemains, lockSuperadminMembers } from '../groups/memberships.js';
import type { TokenService } from '../token-service.js';
import { type InvitationDeps, inviteAdmins, inviterName } from './admin-invitations.js';
import { NO_PASSWORD, storedPerson } from './user-import.js';

export interface AdminImportDeps extends InvitationDeps {
  db: Db;
  tokens: TokenService;
}

/** As users': no password column, and language and status may be left to the table's defaults. */
const createSchema = adminUpdateSchema.extend({
  language: personWritableShape.language.optional(),
  status: personWritableShape.status.optional(),
});

type Fault = { field: string; fault: RowFault };

/**
 * Administrators from CSV, found by e-mail. A new one gets no usable password and is invited by
 * e-mail to set one; a status other than active ends their sign-ins. Groups follow the rules of the
 * admin form (`groups/memberships.ts`) row by row: the groups exist, nobody changes their own, only
 * groups whose grants the importer holds are added, a membership change needs a fresh step-up, and
 * `superadmin` keeps an active member when the commit ends.
 */
export function adminImportTarget(deps: AdminImportDeps): ImportTarget {
  return tableTarget({
    db: deps.db,
    descriptor: adminsResource,
    createSchema,
    updateSchema: adminUpdateSchema,
    secrets: adminForm.fields.filter((field) => field.input.kind === 'password'),
    references: { country_id: countryReferences, city_id: cityReferences },
    rowCheck: placeCheck,
    table: 'admins',
    folded: ['email'],
    stored: storedPerson,
    newRow: (values) => ({ ...values, password_hash: NO_PASSWORD }),
    afterUpdate: async (executor, id, changes) => {
      if (changes.status === undefined || changes.status === STATUS.active) return;
      const reason = changes.status === STATUS.deleted ? 'deleted' : 'status changed';
      await deps.tokens.revokeAll(executor, 'admin', Number(id), reason);
    },
    session: (executor, context) => openSession(executor, context, deps),
  });
}

async function openSession(
  executor: Executor,
  context: ImportContext,
  deps: AdminImportDeps,
): Promise<ImportSession> {
  const { access, write } = context;
  // Before any admin row, as the form's writes take it: the other order could deadlock with them.
  if (write) await lockSuperadminMembers(transactionOf(executor));
  const groups = await loadGroups(executor, write);
  const inviter = { name: await inviterName(executor, access.identity.adminId), locale: context.locale };
  const rules = membershipRules(access, groups);
  let invited = 0;
  return {
    checkRow: rules,
    async afterInsert(trx, created, now) {
      invited += await inviteAdmins(trx, deps, inviter, created, now);
    },
    beforeCommit: (trx) => assertSuperadminRemains(transactionOf(trx)),
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
 * The admin form's rules for one row (`checkMembershipChange`, plus its refusal to lock oneself),
 * as faults of that row rather than a refusal of the file. Only a row that passes them asks for
 * the step-up, which, like the form's, refuses the whole request until the importer confirms.
 */
function membershipRules(access: RequestAccess, groups: ReadonlyMap<string, Grant[]>) {
  const notHeld = new Map<string, [string, string] | undefined>();
  const firstMissing = (name: string) => {
    if (!notHeld.has(name))
      notHeld.set(name, firstNotHeld(groups.get(name) ?? [], access.permissions, access.catalogue));
    return notHeld.get(name);
  };
  return (row: RowOutcome): Fault[] => {
    const own = row.record !== undefined && Number(row.record.id) === access.identity.adminId;
    const faults: Fault[] = [];
    if (own && locksRecord(row)) faults.push({ field: 'status', fault: { key: 'cannotLockSelf' } });
    const before = groupsOf(row.record?.values);
    const after = groupsOf(row.after);
    const added = after.filter((name) => !before.includes(name));
    if (added.length === 0 && before.every((name) => after.includes(name))) return faults;
    if (own) return [...faults, { field: 'groups', fault: { key: 'cannotChangeOwnGroups' } }];
    for (const name of after) {
      if (!groups.has(name))
        faults.push({ field: 'groups', fault: { key: 'groupNotFound', params: { name } } });
    }
    for (const name of added) {
      const missing = groups.has(name) ? firstMissing(name) : undefined;
      if (missing)
        faults.push({
          field: 'groups',
          fault: { key: 'grantNotHeld', params: { resource: missing[0], action: missing[1] } },
        });
    }
    if (faults.length === 0) access.requireStepUp();
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
