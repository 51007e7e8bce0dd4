import type { StorageSettings } from '@pult/contract';
import type { Db } from '../../../db/database.js';
import type { Clock } from '../../../lib/clock.js';

/** The storage service's own settings (one row): how long logs and errors are kept. */
export function createStorageSettings(db: Db, clock: Clock) {
  const columns = ['log_retention_days', 'error_retention_days'] as const;
  return {
    get: (): Promise<StorageSettings> =>
      db.selectFrom('storage_settings').select(columns).executeTakeFirstOrThrow(),
    update: (values: StorageSettings): Promise<StorageSettings> =>
      db
        .updateTable('storage_settings')
        .set({ ...values, updated_at: clock() })
        .returning(columns)
        .executeTakeFirstOrThrow(),
  };
}

export type StorageSettingsStore = ReturnType<typeof createStorageSettings>;
