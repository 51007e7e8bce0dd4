import { type Migration, type MigrationProvider, Migrator } from 'kysely';
import { liveMigrations } from '../live/migrations.js';
import { authMigrations } from '../modules/auth/migrations.js';
import { chatMigrations } from '../modules/chat/migrations.js';
import { notificationMigrations } from '../modules/notification/migrations.js';
import { storageMigrations } from '../modules/storage/migrations.js';
import { listMigrations } from '../resources/migrations.js';
import type { Db } from './database.js';

/** Module migrations, applied in the order of their names (a date prefix) across modules. */
const allMigrations: Record<string, Migration> = {
  ...authMigrations,
  ...chatMigrations,
  ...notificationMigrations,
  ...storageMigrations,
  ...listMigrations,
  ...liveMigrations,
};

const provider: MigrationProvider = { getMigrations: async () => allMigrations };

export async function migrateToLatest(db: Db): Promise<string[]> {
  const migrator = new Migrator({
    db,
    provider,
    migrationTableName: 'schema_migrations',
    migrationLockTableName: 'schema_migrations_lock',
    // Modules are built side by side and land in any order, so a database may have run a later-named
    // migration before an earlier one arrives; each migration touches only its own objects.
    allowUnorderedMigrations: true,
  });
  const { error, results } = await migrator.migrateToLatest();
  if (error) throw error instanceof Error ? error : new Error(String(error));
  return (results ?? []).filter((r) => r.status === 'Success').map((r) => r.migrationName);
}

/**
 * The migrations this code knows that the database has not run (all of them when the migration
 * table does not exist yet): `/readyz` is 503 while any is missing.
 */
export async function pendingMigrations(db: Db): Promise<string[]> {
  const done = await db
    .selectFrom('schema_migrations' as never)
    .select('name' as never)
    .execute()
    .then(
      (rows) => new Set((rows as { name: string }[]).map((row) => row.name)),
      (error: unknown) => {
        // undefined_table: nothing has run yet. Anything else (the database is down) is the caller's.
        if ((error as { code?: unknown }).code === '42P01') return new Set<string>();
        throw error;
      },
    );
  return Object.keys(allMigrations).filter((name) => !done.has(name));
}
