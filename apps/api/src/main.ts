import { buildApp } from './app.js';
import { ConfigError, loadConfig } from './config/env.js';
import { openDatabase } from './db/database.js';
import { migrateToLatest } from './db/migrate.js';
import { seedDemoData } from './seed/demo.js';
import { shutDown } from './shutdown.js';
import { startTelemetryIfConfigured } from './telemetry/telemetry-switch.js';

/** Entry point: validate configuration, migrate, seed on first start, serve; stop cleanly on SIGTERM. */
async function main(): Promise<void> {
  let config: ReturnType<typeof loadConfig>;
  try {
    config = loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) {
      process.stderr.write(`${error.message}\n`);
      process.exit(1);
    }
    throw error;
  }

  // Before a Fastify instance or a connection exists, so both are traced (no-op without a collector).
  const telemetry = await startTelemetryIfConfigured(process.env);
  const database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
  const applied = await migrateToLatest(database.db);
  const pult = await buildApp({ config, db: database.db });
  const { app } = pult;
  app.log.info({ database: database.kind, migrations: applied }, 'Database ready');
  if (config.seedDemo) {
    await seedDemoData(database.db, app.log);
    await pult.seedModuleDemos();
  }

  let stopping = false;
  const shutdown = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    app.log.info({ signal }, 'Shutting down');
    try {
      await shutDown(pult, { drainMs: config.shutdownDrainMs, closeDatabase: () => database.close() });
      await telemetry?.shutdown();
      process.exit(0);
    } catch (error) {
      app.log.error({ err: error }, 'Shutdown failed');
      process.exit(1);
    }
  };
  process.once('SIGTERM', () => void shutdown('SIGTERM'));
  process.once('SIGINT', () => void shutdown('SIGINT'));

  await app.listen({ port: config.port, host: config.host });
  const metricsAddress = await pult.listenMetrics();
  if (metricsAddress) app.log.info({ address: metricsAddress }, 'Metrics served at /metrics');
  pult.startWorkers();
  if (config.bootstrapAdmin && !config.databaseUrl) {
    app.log.info(
      { email: config.bootstrapAdmin.email },
      `Panel: ${config.publicUrl} (demo admin e-mail shown; password in README)`,
    );
  }
}

main().catch((error: unknown) => {
  process.stderr.write(`Pult failed to start: ${error instanceof Error ? error.stack : String(error)}\n`);
  process.exit(1);
});
