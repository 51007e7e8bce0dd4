import { type Group, type GroupWrite, SUPERADMIN_GROUP } from '@pult/contract';
import { sql, type Transaction } from 'kysely';
import type { Db } from '../../../db/database.js';
import type { Database } from '../../../db/schema.js';
import { errors } from '../../../http/app-error.js';
import type { Clock } from '../../../lib/clock.js';
import { diffRecords } from '../../../resources/audit-sink.js';
import type { RecordContext, RecordHandlers } from '../../../resources/crud-routes.js';
import { type ConstraintFields, withConstraintErrors } from '../../../resources/db-errors.js';
import { walkList } from '../../../resources/export/list-walk.js';
import { runList } from '../../../resources/list-sql.js';
import { recordVersions } from '../../../resources/record-version.js';
import { transact, writeInScope } from '../../../resources/scoped-write.js';
import { addedGrants, firstNotHeld } from './escalation.js';
import { assertGrantsValid } from './grant-validation.js';
import { GROUP_SELECT, type GroupRow, groupListSource, toGroup } from './group-source.js';

const CONSTRAINTS: ConstraintFields = { admin_groups_name_key: { name: 'nameTaken' } };

/**
 * Administrators' groups. A change is checked against the catalogue (only what the server enforces
 * can be granted) and against what the acting administrator holds (no escalation), and is written
 * with its audit entry in one transaction. `superadmin` keeps its name and its grant; a group with
 * members cannot be deleted; a rename carries the members along.
 */
export function createGroupHandlers(
  db: Db,
  clock: Clock,
): RecordHandlers<number, Group, GroupWrite, GroupWrite> {
  async function loadOne(executor: Db | Transaction<Database>, id: number): Promise<Group | undefined> {
    const { rows } =
      await sql<GroupRow>`select ${GROUP_SELECT} from admin_groups g where g.id = ${id}`.execute(executor);
    return rows[0] ? toGroup(rows[0]) : undefined;
  }

  /** A change of what a group grants or requires is dangerous: a fresh factor, then the grants' rules. */
  function checkGrants(body: GroupWrite, previous: Group['grants'], context: RecordContext) {
    context.access.requireStepUp();
    assertGrantsValid(body.grants, context.access.catalogue);
    const missing = firstNotHeld(
      addedGrants(previous, body.grants),
      context.access.permissions,
      context.access.catalogue,
    );
    if (missing) throw errors.forbidden('grantNotHeld', { resource: missing[0], action: missing[1] });
  }

  return {
    list: (request) => runList(db, groupListSource, request),
    versions: recordVersions(db, groupListSource),
    exportRows: (request) => walkList(db, groupListSource, request),
    get: (id) => loadOne(db, id),

    create: (body, context) =>
      withConstraintErrors(CONSTRAINTS, async () => {
        checkGrants(body, [], context);
        return db.transaction().execute(async (trx) => {
          const now = clock();
          const { id } = await trx
            .insertInto('admin_groups')
            .values({
              name: body.name,
              description: body.description ?? '',
              grants: JSON.stringify(body.grants),
              mfa_required: body.mfa_required ?? false,
              created_at: now,
              updated_at: now,
            })
            .returning('id')
            .executeTakeFirstOrThrow();
          const created = (await loadOne(trx, Number(id))) as Group;
          await context.audit?.(trx, diffRecords({}, created), created.id);
          return created;
        });
      }),

    update: (id, body, context) =>
      withConstraintErrors(CONSTRAINTS, () =>
        writeInScope(db, groupListSource, id, context, (executor) =>
          transact(executor, async (trx) => {
            const { rows } = await sql<GroupRow>`select ${GROUP_SELECT} from admin_groups g
              where g.id = ${id} for update`.execute(trx);
            const current = rows[0] && toGroup(rows[0]);
            if (!current) return undefined;
            if (current.builtin && (body.name !== current.name || addedOrRemoved(current, body)))
              throw errors.unprocessable('groupBuiltin');
            checkGrants(body, current.grants, context);
            await trx
              .updateTable('admin_groups')
              .set({
                name: body.name,
                description: body.description ?? current.description,
                grants: JSON.stringify(body.grants),
                mfa_required: body.mfa_required ?? current.mfa_required,
                updated_at: clock(),
              })
              .where('id', '=', id)
              .execute();
            if (body.name !== current.name) {
              await sql`update admins set groups = array_replace(groups, ${current.name}, ${body.name})
                where ${current.name} = any(groups)`.execute(trx);
              // Saved reports shared with the group stay shared with it.
              await sql`update saved_reports set shared_with = array_replace(shared_with, ${current.name}, ${body.name})
                where ${current.name} = any(shared_with)`.execute(trx);
            }
            const updated = (await loadOne(trx, id)) as Group;
            await context.audit?.(trx, diffRecords(current, updated), id);
            return updated;
          }),
        ),
      ),

    remove: (id, context) => {
      context.access.requireStepUp();
      return writeInScope(
        db,
        groupListSource,
        id,
        context,
        (executor) =>
          transact(executor, async (trx) => {
            const { rows } = await sql<GroupRow>`select ${GROUP_SELECT} from admin_groups g
              where g.id = ${id} for update`.execute(trx);
            const current = rows[0] && toGroup(rows[0]);
            if (!current) return undefined;
            if (current.builtin || current.name === SUPERADMIN_GROUP)
              throw errors.unprocessable('groupBuiltin');
            // Members are counted under the group's row lock: an admin joining meanwhile share-locks
            // the row and waits, then finds the group gone.
            if (current.member_count > 0)
              throw errors.unprocessable('groupHasMembers', { count: current.member_count });
            await trx.deleteFrom('admin_groups').where('id', '=', id).execute();
            await sql`update saved_reports set shared_with = array_remove(shared_with, ${current.name})
              where ${current.name} = any(shared_with)`.execute(trx);
            await context.audit?.(trx, diffRecords(current, {}), id);
            return current;
          }),
        { staysInScope: false },
      );
    },
  };
}

/** The built-in group keeps exactly its grants: any change to them is a reduction or an addition. */
function addedOrRemoved(current: Group, body: GroupWrite): boolean {
  return (
    addedGrants(current.grants, body.grants).length > 0 || addedGrants(body.grants, current.grants).length > 0
  );
}
