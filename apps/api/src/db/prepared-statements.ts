import { createHash } from 'node:crypto';
import {
  type PostgresCursor,
  type PostgresPool,
  type PostgresPoolClient,
  type PostgresQueryResult,
  type RawBuilder,
  sql,
} from 'kysely';
import type pg from 'pg';
import { actorSetting, SET_ACTOR_SQL } from './actor-context.js';

/** How a statement's text says it may stay prepared on its connection (see `preparingPool`). */
const MARK = '/* prepared */';

/**
 * Marks a statement that every request runs with new values (the session check, a list's counters, an
 * unfiltered page): each connection parses it once, and after five runs PostgreSQL may keep one
 * generic plan instead of planning it again, which cost more than running it (0.58 of 0.62 ms for the
 * session check). Only for statements whose best plan does not depend on the values: a filter's
 * selectivity does, so a filtered page is kept only where the list engine fixed its plan (the first
 * page walked along the sort's index, its patterns hidden from the planner).
 */
export function prepared<T>(statement: RawBuilder<T>): RawBuilder<T> {
  return sql<T>`${sql.raw(MARK)} ${statement}`;
}

/**
 * node-postgres keeps a statement prepared on its connection when the query has a name; Kysely never
 * names one, so this pool names the marked ones after their text. The same text always has the same
 * name, and a connection prepares each name once.
 */
export function preparingPool(pool: pg.Pool): PostgresPool {
  return {
    connect: async () => preparingClient(await pool.connect()),
    end: () => pool.end(),
  };
}

/**
 * Statements a connection keeps at most. The marked texts vary with a list's filters, sort and page
 * size, and a connection can live for good: past this many, further texts run unnamed (planned each
 * time) rather than fill the server's memory.
 */
export const MAX_PREPARED_PER_CONNECTION = 200;

/** The administrator each connection's `pult.actor` names now ('' or absent: none). */
const actors = new WeakMap<pg.PoolClient, string>();

/** The names each connection (a pg client, reused across checkouts) has prepared. */
const preparedNames = new WeakMap<pg.PoolClient, Set<string>>();

function preparingClient(client: pg.PoolClient): PostgresPoolClient {
  const names = preparedNames.get(client) ?? new Set<string>();
  preparedNames.set(client, names);
  function query<R>(statement: string, parameters: ReadonlyArray<unknown>): Promise<PostgresQueryResult<R>>;
  function query<R>(cursor: PostgresCursor<R>): PostgresCursor<R>;
  function query(
    statement: string | PostgresCursor<unknown>,
    parameters: ReadonlyArray<unknown> = [],
  ): unknown {
    // Kysely's streams hand over a pg-cursor, which node-postgres runs as it is.
    if (typeof statement !== 'string') return client.query(statement as unknown as pg.Submittable);
    const values = [...parameters];
    const run = () => {
      if (!statement.startsWith(MARK)) return client.query(statement, values);
      const name = nameOf(statement);
      if (!names.has(name) && names.size >= MAX_PREPARED_PER_CONNECTION)
        return client.query(statement, values);
      names.add(name);
      return client.query({ name, text: statement, values });
    };
    // The connection says which administrator it runs for before it runs anything for another one
    // (db/actor-context.ts): one extra round trip when the connection changes hands, none otherwise.
    const actor = actorSetting();
    if ((actors.get(client) ?? '') === actor) return run();
    actors.set(client, actor);
    return client.query(SET_ACTOR_SQL, [actor]).then(run, (error: unknown) => {
      actors.delete(client);
      throw error;
    });
  }
  return { query, release: () => client.release() };
}

function nameOf(text: string): string {
  return `p_${createHash('sha1').update(text).digest('hex')}`;
}
