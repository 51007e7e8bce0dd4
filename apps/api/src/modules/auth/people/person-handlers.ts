import {
  type AdminCreate,
  type AdminUpdate,
  adminsResource,
  STATUS,
  type UserCreate,
  type UserUpdate,
  usersResource,
} from '@pult/contract';
import { sql } from 'kysely';
import type { Db, Executor } from '../../../db/database.js';
import { errors } from '../../../http/app-error.js';
import type { Clock } from '../../../lib/clock.js';
import type { PasswordHasher } from '../../../lib/password-hasher.js';
import { diffRecords } from '../../../resources/audit-sink.js';
import type { RecordContext, RecordHandlers } from '../../../resources/crud-routes.js';
import { type ConstraintFields, withConstraintErrors } from '../../../resources/db-errors.js';
import { walkList } from '../../../resources/export/list-walk.js';
import { runList } from '../../../resources/list-sql.js';
import { recordVersions } from '../../../resources/record-version.js';
import { transact, writeInScope } from '../../../resources/scoped-write.js';
import {
  assertSuperadminRemains,
  checkMembershipChange,
  lockSuperadminMembers,
} from '../groups/memberships.js';
import type { TokenService } from '../token-service.js';
import {
  type PersonItem,
  type PersonRow,
  type PersonTable,
  personFrom,
  personListSource,
  personSelect,
  toPersonItem,
} from './person-source.js';
import { resolvePlace } from './place.js';

type CreateBody<T extends PersonTable> = T extends 'admins' ? AdminCreate : UserCreate;
type UpdateBody<T extends PersonTable> = T extends 'admins' ? AdminUpdate : UserUpdate;

export interface PersonHandlerDeps<T extends PersonTable> {
  db: Db;
  table: T;
  tokens: TokenService;
  clock: Clock;
  passwords: PasswordHasher;
}

/**
 * Users and administrators: the same rules on two tables. Deleting marks the record deleted
 * (status 10) and ends its sign-ins; so does any status other than active. An administrator cannot
 * delete, lock or deactivate their own account, so the panel can never lose its last way in by accident.
 * Administrators' groups follow the membership rules (`groups/memberships.ts`): groups that exist,
 * none of one's own changed, nothing added that the actor does not hold, and `superadmin` never left
 * without an active member; those writes and their audit entries commit together.
 */
export function createPersonHandlers<T extends PersonTable>(
  deps: PersonHandlerDeps<T>,
): RecordHandlers<number, PersonItem<T>, CreateBody<T>, UpdateBody<T>> {
  const { db, table, tokens, clock, passwords } = deps;
  const kind = table === 'admins' ? 'admin' : 'user';
  const constraints: ConstraintFields = {
    [`${table}_email_key`]: { email: 'emailTaken' },
    [`${table}_country_id_fkey`]: { country_id: 'countryNotFound' },
    [`${table}_city_id_fkey`]: { city_id: 'cityNotFound' },
  };
  const descriptor = table === 'admins' ? adminsResource : usersResource;

  async function loadOne(executor: Executor, id: number, context: RecordContext) {
    const { rows } =
      await sql<PersonRow>`select ${personSelect(table, context.locale)} from ${personFrom(table)}
      where p.id = ${id}`.execute(executor);
    return rows[0] ? toPersonItem<T>(rows[0]) : undefined;
  }

  async function endSignInsIfInactive(executor: Executor, id: number, status: number | undefined) {
    if (status !== undefined && status !== STATUS.active) {
      await tokens.revokeAll(executor, kind, id, status === STATUS.deleted ? 'deleted' : 'status changed');
    }
  }

  const source = (context: RecordContext) => personListSource(table, descriptor, context.locale);
  // An administrator's writes take the superadmin lock before the row, as membership changes and bulk
  // actions do: the other order could deadlock with them.
  const adminLocks = kind === 'admin' ? { lockFirst: lockSuperadminMembers } : {};

  return {
    list: (request, context) => runList(db, source(context), request),
    versions: recordVersions(db, { table, key: 'id' }),
    exportRows: (request, context) => walkList(db, source(context), request),

    get: (id, context) => loadOne(db, id, context),

    create: (body, context) =>
      withConstraintErrors(constraints, async () => {
        const { password, password_repeat: _repeat, ...fields } = body;
        const passwordHash = await passwords.hash(password);
        return db.transaction().execute(async (trx) => {
          if (kind === 'admin') await checkMembershipChange(trx, context.access, 0, [], fields.groups ?? []);
          const place = await resolvePlace(trx, fields.country_id, fields.city_id);
          const now = clock();
          const values = {
            ...withoutUndefined(fields),
            ...place,
            password_hash: passwordHash,
            created_at: now,
            updated_at: now,
          };
          const { rows } = await sql<{
            id: number;
          }>`insert into ${sql.table(table)} ${columnsAndValues(values)}
            returning id`.execute(trx);
          const id = rows[0]?.id;
          if (id === undefined) throw new Error(`insert into ${table} returned no id`);
          const created = (await loadOne(trx, id, context)) as PersonItem<T>;
          await context.audit?.(trx, diffRecords({}, created, body), id);
          return created;
        });
      }),

    update: (id, body, context) =>
      withConstraintErrors(constraints, async () => {
        if (
          id === context.adminId &&
          kind === 'admin' &&
          body.status !== undefined &&
          body.status !== STATUS.active
        ) {
          throw errors.fields({ status: 'cannotLockSelf' });
        }
        return writeInScope(
          db,
          source(context),
          id,
          context,
          (executor) =>
            transact(executor, async (trx) => {
              if (kind === 'admin') await lockSuperadminMembers(trx);
              const { rows } = await sql<{
                country_id: number | null;
                city_id: number | null;
                groups: string[];
              }>`select country_id, city_id, groups
              from ${sql.table(table)} where id = ${id} for update`.execute(trx);
              const current = rows[0];
              if (!current) return undefined;
              const before = context.audit ? await loadOne(trx, id, context) : undefined;
              if (kind === 'admin' && body.groups !== undefined)
                await checkMembershipChange(trx, context.access, id, current.groups, body.groups);
              const place = await resolvePlace(trx, ...nextPlace(current, body));
              const values = { ...withoutUndefined(body), ...place, updated_at: clock() };
              await sql`update ${sql.table(table)} set ${assignments(values)} where id = ${id}`.execute(trx);
              await endSignInsIfInactive(trx, id, body.status);
              if (kind === 'admin') await assertSuperadminRemains(trx);
              const updated = await loadOne(trx, id, context);
              await context.audit?.(trx, diffRecords(before, updated, body), id);
              return updated;
            }),
          adminLocks,
        );
      }),

    remove: async (id, context) => {
      if (id === context.adminId && kind === 'admin') throw errors.unprocessable('cannotDeleteSelf');
      return writeInScope(
        db,
        source(context),
        id,
        context,
        (executor) =>
          transact(executor, async (trx) => {
            if (kind === 'admin') await lockSuperadminMembers(trx);
            const { rows } = await sql<{ id: number }>`update ${sql.table(table)}
              set status = ${STATUS.deleted}, updated_at = ${clock()} where id = ${id} returning id`.execute(
              trx,
            );
            if (rows.length === 0) return undefined;
            await endSignInsIfInactive(trx, id, STATUS.deleted);
            if (kind === 'admin') await assertSuperadminRemains(trx);
            const removed = await loadOne(trx, id, context);
            await context.audit?.(trx, diffRecords(removed, {}), id);
            return removed;
          }),
        { staysInScope: false, ...adminLocks },
      );
    },
  };
}

/**
 * The place after an update. Omitted fields keep their value, except that a new country without a
 * city drops the old city (it belongs to the old country).
 */
function nextPlace(
  current: { country_id: number | null; city_id: number | null },
  body: { country_id?: number | null; city_id?: number | null },
): [number | null, number | null] {
  const countryId = body.country_id === undefined ? current.country_id : body.country_id;
  if (body.city_id !== undefined) return [countryId, body.city_id];
  return [countryId, countryId === current.country_id ? current.city_id : null];
}

function withoutUndefined(values: object): Record<string, unknown> {
  return Object.fromEntries(Object.entries(values).filter(([, value]) => value !== undefined));
}

/** `(a, b) values ($1, $2)`: column names come from the contract's schemas, values are bound. */
function columnsAndValues(values: Record<string, unknown>) {
  const entries = Object.entries(values);
  return sql`(${sql.join(entries.map(([name]) => sql.ref(name)))}) values (${sql.join(entries.map(([, value]) => sql`${value}`))})`;
}

function assignments(values: Record<string, unknown>) {
  return sql.join(Object.entries(values).map(([name, value]) => sql`${sql.ref(name)} = ${value}`));
}
