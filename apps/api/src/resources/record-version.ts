import { parseIfMatch } from '@pult/contract';
import { sql } from 'kysely';
import type { Db, Executor } from '../db/database.js';

/**
 * A record's version is PostgreSQL's `xmin` of its row (docs/architecture.md, "Record versions"):
 * the id of the transaction that wrote the row last. Every write to the row, by whatever path, gives
 * it a new one, and reading it costs nothing beyond the row itself.
 */

/** Where a record's row lives: its table and key column (a list source names both). */
export interface VersionTarget {
  table: string;
  key: string;
}

/**
 * What a write on one record is asked to check and tells back (`writeInScope` does both): the
 * versions an `If-Match` accepts (none given: any record that exists), whether the check was made,
 * and the row's version once the write is done, read inside the writing transaction.
 */
export interface VersionCheck {
  expected?: readonly string[];
  applied: boolean;
  written?: string;
}

/** The record exists but no longer has the version `If-Match` named: 412, and nothing written. */
export class VersionConflict extends Error {
  constructor() {
    super('The record has changed since the version the request names');
    this.name = 'VersionConflict';
  }
}

/** The check a `PUT` or `DELETE` asks for, from its `If-Match` header (absent or `*`: none). */
export function versionCheckOf(ifMatch: string | string[] | undefined): VersionCheck {
  const value = Array.isArray(ifMatch) ? ifMatch.join(',') : ifMatch;
  if (value === undefined) return { applied: false };
  const parsed = parseIfMatch(value);
  if (parsed.any) return { applied: false };
  // Only a transaction id can be a version: anything else matches no record.
  return { expected: parsed.versions.filter((version) => /^\d{1,10}$/.test(version)), applied: false };
}

/** The condition "the row still has one of these versions", on the row aliased `alias`. */
export function versionMatches(alias: string, expected: readonly string[]) {
  if (expected.length === 0) return sql<boolean>`false`;
  return sql<boolean>`${sql.ref(`${alias}.xmin`)}::text in (${sql.join(expected)})`;
}

/** The row's version as `executor` sees it (inside a transaction: including its own writes). */
export async function readVersion(
  executor: Executor,
  target: VersionTarget,
  id: unknown,
): Promise<string | undefined> {
  const { rows } = await sql<{ version: string }>`select xmin::text as version
    from ${sql.table(target.table)} where ${sql.ref(target.key)} = ${id}`.execute(executor);
  return rows[0]?.version;
}

/**
 * For a write outside `writeInScope` that has found its record and holds the locks its other writers
 * take first: locks the record's row at one of the expected versions, or throws `VersionConflict`.
 */
export async function lockAtVersion(
  executor: Executor,
  target: VersionTarget,
  id: unknown,
  version: VersionCheck | undefined,
): Promise<void> {
  if (!version) return;
  version.applied = true;
  if (!version.expected) return;
  const { rows } = await sql`select 1 from ${sql.table(target.table)}
    where ${sql.ref(target.key)} = ${id} and ${versionMatches(target.table, version.expected)}
    for update`.execute(executor);
  if (rows.length === 0) throw new VersionConflict();
}

/** A resource's versions: what `crudRoutes` asks for `GET` and for a 412's current record. */
export interface RecordVersions {
  read(id: unknown): Promise<string | undefined>;
}

export function recordVersions(db: Db, target: VersionTarget): RecordVersions {
  return { read: (id) => readVersion(db, target, id) };
}

/**
 * A record with the version it was read at. The record may be assembled by several statements
 * (joined names, a list source), so the version is read before and after it: equal, nothing wrote
 * the row in between and the record is that version. When writes keep landing in between, the
 * version read first is answered: older than the record, so a save with it is refused (412) rather
 * than allowed to overwrite a change the client never saw.
 */
export async function readWithVersion<T>(
  versions: RecordVersions,
  id: unknown,
  get: () => Promise<T | undefined>,
): Promise<{ item: T | undefined; version: string | undefined }> {
  let first: string | undefined;
  let last: { item: T | undefined; version: string | undefined } = { item: undefined, version: undefined };
  for (let attempt = 0; attempt < 3; attempt++) {
    const before = await versions.read(id);
    first ??= before;
    const item = await get();
    const after = await versions.read(id);
    if (before === after) return { item, version: before };
    last = { item, version: first };
  }
  return last;
}
