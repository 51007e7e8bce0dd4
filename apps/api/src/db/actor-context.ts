import { AsyncLocalStorage } from 'node:async_hooks';

/**
 * Which administrator the statements of the current request run for. The change feed's triggers read
 * it from the connection's `pult.actor` setting (live/migrations.ts), so an event can say who made a
 * change whatever path wrote it; the database layer sets it before a statement when it differs from
 * what the connection last had (db/database.ts, db/pglite-dialect.ts).
 */
interface ActorScope {
  adminId: number | null;
}

const storage = new AsyncLocalStorage<ActorScope>();

/** Runs `work` (a request) in a scope whose administrator `setActor` names once known. */
export function runInActorScope<T>(work: () => T): T {
  return storage.run({ adminId: null }, work);
}

/** The request's administrator, once authenticated; a no-op outside a request. */
export function setActor(adminId: number): void {
  const scope = storage.getStore();
  if (scope) scope.adminId = adminId;
}

/** The value `pult.actor` should have for a statement run now ('' for none: a worker, a platform call). */
export function actorSetting(): string {
  const adminId = storage.getStore()?.adminId;
  return adminId === null || adminId === undefined ? '' : String(adminId);
}

export const SET_ACTOR_SQL = "select set_config('pult.actor', $1, false)";
