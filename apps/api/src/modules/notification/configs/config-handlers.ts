import type { ListResponse } from '@pult/contract';
import { type RawBuilder, sql } from 'kysely';
import type { Db, Executor } from '../../../db/database.js';
import { errors } from '../../../http/app-error.js';
import type { Clock } from '../../../lib/clock.js';
import type { SecretBox } from '../../../lib/secret-box.js';
import type { RecordHandlers } from '../../../resources/crud-routes.js';
import { type ConstraintFields, withConstraintErrors } from '../../../resources/db-errors.js';
import { walkList } from '../../../resources/export/list-walk.js';
import type { ListRequest } from '../../../resources/list-request.js';
import { type ListColumn, type ListSource, runList } from '../../../resources/list-sql.js';
import { recordVersions } from '../../../resources/record-version.js';
import { transact, writeInScope } from '../../../resources/scoped-write.js';
import type { ConfigKind, WithUsage } from './config-kinds.js';
import { mergeConfigSecrets, openConfigSecrets, sealedColumn, splitConfigJson } from './config-secrets.js';

/** What every configuration row has, whatever its kind. */
export interface ConfigRowBase {
  id: number;
  name: string;
  is_active: boolean;
  is_default: boolean;
  config_json: Record<string, unknown>;
  config_secrets_encrypted: string | null;
  /** The names of the secrets sealed in `config_secrets_encrypted`. */
  config_secret_keys: string[];
  created_at: Date;
  updated_at: Date;
}

export interface ConfigWriteBase {
  is_active: boolean;
  is_default: boolean;
  config_json: Record<string, unknown>;
}

/**
 * Create, read, update, delete of one kind of configuration, with its rules:
 * - secrets are sealed on the way in and never leave: items say only whether each is set;
 * - making one default unsets the previous default in the same transaction, under a per-kind advisory
 *   lock, so concurrent "make default" requests queue up and the last one wins; the partial unique
 *   index `<table>_one_default` is the database's own guarantee beneath it;
 * - the default cannot be switched off or deactivated directly: another one must be made default;
 * - a configuration that templates name cannot be deleted (422 naming them; a foreign key backs it).
 */
export function createConfigHandlers<Row extends ConfigRowBase, Item, Write extends ConfigWriteBase>(
  db: Db,
  clock: Clock,
  box: SecretBox,
  kind: ConfigKind<Row, Item, Write>,
) {
  const table = sql.table(kind.table);
  const usage = sql`(select count(*)::int from notification_templates t
    where t.${sql.ref(kind.templateColumn)} = c.id) as template_count`;
  const constraints: ConstraintFields = {
    [`${kind.table}_name_key`]: { name: 'configNameTaken' },
    [`${kind.table}_one_default`]: { is_default: 'defaultTaken' },
    [`notification_templates_${kind.templateColumn}_fkey`]: 'configStillUsed',
  };

  const columns: Record<string, ListColumn> = Object.fromEntries(
    Object.entries(kind.listColumns).map(([name, type]) => [name, { sql: sql.ref(`c.${name}`), kind: type }]),
  );
  const source: ListSource<WithUsage<Row>, Item> = {
    descriptor: kind.descriptor,
    table: kind.table,
    alias: 'c',
    select: sql`c.*, ${usage}`,
    columns,
    key: 'id',
    toItem: kind.toItem,
  };

  async function findRow(executor: Executor, id: number, lock = false): Promise<WithUsage<Row> | undefined> {
    const { rows } = await sql<WithUsage<Row>>`select c.*, ${usage} from ${table} c where c.id = ${id}
      ${lock ? sql`for update of c` : sql``}`.execute(executor);
    return rows[0];
  }

  async function find(executor: Executor, id: number): Promise<Item | undefined> {
    const row = await findRow(executor, id);
    return row && kind.toItem(row);
  }

  /** Makes room for a new default: one "make default" at a time per kind, the old default unset. */
  async function takeDefault(trx: Executor, id: number | null): Promise<void> {
    await sql`select pg_advisory_xact_lock(hashtext(${`pult:default:${kind.table}`}))`.execute(trx);
    await sql`update ${table} set is_default = false, updated_at = ${clock()}
      where is_default and id is distinct from ${id}`.execute(trx);
  }

  /** The columns a body writes: its plain values, its sealed secrets, config_json split in two. */
  function columnsOf(body: Write, stored: Row | undefined): Record<string, unknown> {
    const values: Record<string, unknown> = { ...kind.plainColumns(body) };
    for (const [field, column] of Object.entries(kind.secrets)) {
      const sealed = sealedColumn(box, (body as Record<string, unknown>)[field] as string | null | undefined);
      if (sealed !== undefined) values[column] = sealed;
      else if (!stored) values[column] = null;
    }
    const secretKeys = kind.configSecretKeys(body);
    const { plain, updates } = splitConfigJson(body.config_json, secretKeys);
    const secrets = mergeConfigSecrets(box, stored?.config_secrets_encrypted ?? null, updates, secretKeys);
    values.config_json = JSON.stringify(plain);
    values.config_secrets_encrypted = secrets.sealed;
    values.config_secret_keys = secrets.keys;
    return values;
  }

  /** Overwrites or clears a secret already stored: a dangerous change, confirmed with a fresh factor. */
  function replacesStoredSecret(body: Write, stored: Row): boolean {
    const fields = body as Record<string, unknown>;
    for (const [field, column] of Object.entries(kind.secrets)) {
      if (fields[field] !== undefined && stored[column as keyof Row] !== null) return true;
    }
    const { updates } = splitConfigJson(body.config_json, kind.configSecretKeys(body));
    return Object.keys(updates).some((key) => stored.config_secret_keys.includes(key));
  }

  const assignments = (values: Record<string, unknown>): RawBuilder<unknown> =>
    sql.join(Object.entries(values).map(([column, value]) => sql`${sql.ref(column)} = ${value}`));

  const handlers: RecordHandlers<number, Item, Write, Write> = {
    list: (request: ListRequest): Promise<ListResponse<Item>> => runList(db, source, request),
    versions: recordVersions(db, source),
    exportRows: (request: ListRequest) => walkList(db, source, request),
    get: (id) => find(db, id),
    create: (body) =>
      withConstraintErrors(constraints, () =>
        db.transaction().execute(async (trx) => {
          if (body.is_default) await takeDefault(trx, null);
          const now = clock();
          const values: Record<string, unknown> = {
            ...columnsOf(body, undefined),
            created_at: now,
            updated_at: now,
          };
          const names = Object.keys(values);
          const { rows } = await sql<{ id: number }>`insert into ${table}
            (${sql.join(names.map((name) => sql.ref(name)))})
            values (${sql.join(names.map((name) => values[name]))}) returning id`.execute(trx);
          return (await find(trx, rows[0]?.id ?? 0)) as Item;
        }),
      ),
    update: (id, body, context) =>
      withConstraintErrors(constraints, () =>
        writeInScope(db, source, id, context, (executor) =>
          transact(executor, async (trx) => {
            const current = await findRow(trx, id, true);
            if (!current) return undefined;
            if (current.is_default && !body.is_default) throw errors.fields({ is_default: 'defaultKept' });
            if (replacesStoredSecret(body, current)) context.access.requireStepUp();
            if (body.is_default && !current.is_default) await takeDefault(trx, id);
            const values = { ...columnsOf(body, current), updated_at: clock() };
            await sql`update ${table} set ${assignments(values)} where id = ${id}`.execute(trx);
            return find(trx, id);
          }),
        ),
      ),
    remove: (id, context) =>
      withConstraintErrors(constraints, () =>
        writeInScope(
          db,
          source,
          id,
          context,
          (executor) =>
            transact(executor, async (trx) => {
              // Locked first: a template saved meanwhile waits on this row, so the check below is final.
              const current = await findRow(trx, id, true);
              if (!current) return undefined;
              const { rows } = await sql<{ name: string }>`select name from notification_templates
            where ${sql.ref(kind.templateColumn)} = ${id} order by name`.execute(trx);
              if (rows.length > 0) {
                throw errors.unprocessable('configInUse', {
                  templates: rows.map((row) => row.name).join(', '),
                });
              }
              await sql`delete from ${table} where id = ${id}`.execute(trx);
              return kind.toItem(current);
            }),
          { staysInScope: false },
        ),
      ),
  };

  /**
   * A body as a sender needs it: secrets left empty filled from the stored configuration `id` (if
   * any), config_json with its stored secret keys. For "Test connection" of unsaved values and for
   * delivery through a stored configuration; nothing is written.
   */
  async function resolve(id: number | null, body: Write): Promise<Write> {
    const stored = id === null ? undefined : await findRow(db, id);
    if (id !== null && !stored) throw errors.notFound(kind.notFound);
    const resolved: Record<string, unknown> = { ...(body as object) };
    for (const [field, column] of Object.entries(kind.secrets)) {
      if (resolved[field] !== undefined) continue;
      const sealed = stored?.[column as keyof Row] as string | null | undefined;
      resolved[field] = sealed ? box.open(sealed) : null;
    }
    const secretKeys = kind.configSecretKeys(body);
    const { plain, updates } = splitConfigJson(body.config_json, secretKeys);
    const storedSecrets = openConfigSecrets(box, stored?.config_secrets_encrypted ?? null);
    const config: Record<string, unknown> = { ...plain };
    for (const key of secretKeys) {
      const value = key in updates ? updates[key] : storedSecrets[key];
      if (value !== null && value !== undefined) config[key] = value;
    }
    return { ...(resolved as Write), config_json: config };
  }

  /** A stored configuration with its secrets opened, for delivery. */
  async function resolveStored(row: Row): Promise<Write> {
    return resolve(row.id, kind.toWrite(row));
  }

  async function lookup(locale: string) {
    const { rows } = await sql<{ id: number; name: string }>`select id, name from ${table}`.execute(db);
    const collator = new Intl.Collator(locale);
    return {
      items: rows
        .map((row) => ({ value: row.id, label: row.name }))
        .sort((a, b) => collator.compare(a.label, b.label)),
    };
  }

  /** The configuration to send through: the one named if it is active, else the default active one. */
  async function pick(id: number | null): Promise<Row | undefined> {
    const { rows } = await sql<Row>`select * from ${table} where is_active and (id = ${id} or is_default)
      order by id = ${id} desc nulls last limit 1`.execute(db);
    return rows[0];
  }

  return { handlers, resolve, resolveStored, lookup, pick };
}

export type ConfigHandlers<Row extends ConfigRowBase, Item, Write extends ConfigWriteBase> = ReturnType<
  typeof createConfigHandlers<Row, Item, Write>
>;
