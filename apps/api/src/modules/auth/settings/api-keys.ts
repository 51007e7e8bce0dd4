import { API_KEY_SERVICES, type ApiKeyService, type RegenerateApiKeysResponse } from '@pult/contract';
import type { Db, Executor } from '../../../db/database.js';
import type { Clock } from '../../../lib/clock.js';
import { randomToken, sha256 } from '../../../lib/tokens.js';

/** Random characters of a key kept in clear, so an administrator can tell keys apart without seeing them. */
const VISIBLE_RANDOM_CHARS = 4;

/**
 * The platform's service API keys (one per service). Only a SHA-256 and a short prefix are stored:
 * a key is 256 random bits, so a fast hash is enough, and the key itself is shown once, when made.
 */
export function createApiKeys(db: Db, clock: Clock) {
  /** New keys for the services; an existing key is replaced, or kept when `keepExisting`. */
  async function store(executor: Executor, services: readonly ApiKeyService[], keepExisting: boolean) {
    const createdAt = clock();
    const keys = services.map((service) => ({ service, key: `pult_${service}_${randomToken()}` }));
    for (const { service, key } of keys) {
      await executor
        .insertInto('api_keys')
        .values({
          service,
          prefix: key.slice(0, `pult_${service}_`.length + VISIBLE_RANDOM_CHARS),
          key_hash: sha256(key),
          created_at: createdAt,
        })
        .onConflict((oc) =>
          keepExisting
            ? oc.column('service').doNothing()
            : oc.column('service').doUpdateSet({
                prefix: (eb) => eb.ref('excluded.prefix'),
                key_hash: (eb) => eb.ref('excluded.key_hash'),
                created_at: (eb) => eb.ref('excluded.created_at'),
              }),
        )
        .execute();
    }
    return keys.map((entry) => ({ ...entry, created_at: createdAt.toISOString() }));
  }

  return {
    /**
     * On first start every service gets a key nobody has seen; regenerating hands them out. Processes
     * starting together keep whichever key was stored first.
     */
    async ensure(): Promise<void> {
      const existing = await db.selectFrom('api_keys').select('service').execute();
      const missing = API_KEY_SERVICES.filter((service) => !existing.some((row) => row.service === service));
      if (missing.length > 0) await store(db, missing, true);
    },

    regenerate(): Promise<RegenerateApiKeysResponse['keys']> {
      return db.transaction().execute((trx) => store(trx, API_KEY_SERVICES, false));
    },

    async list() {
      const rows = await db.selectFrom('api_keys').selectAll().orderBy('service').execute();
      return rows.map((row) => ({
        service: row.service as ApiKeyService,
        prefix: row.prefix,
        created_at: row.created_at.toISOString(),
      }));
    },

    /** The service a presented key belongs to, if it is a current key. */
    async serviceOf(key: string): Promise<ApiKeyService | undefined> {
      if (key.length > 200) return undefined;
      const row = await db
        .selectFrom('api_keys')
        .select('service')
        .where('key_hash', '=', sha256(key))
        .executeTakeFirst();
      return row?.service as ApiKeyService | undefined;
    },
  };
}

export type ApiKeys = ReturnType<typeof createApiKeys>;
