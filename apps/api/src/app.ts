import fastifyCors from '@fastify/cors';
import fastifyHelmet from '@fastify/helmet';
import { MAX_BODY_BYTES, SERVICE_BASE_PATHS } from '@pult/contract';
import Fastify, { type FastifyInstance } from 'fastify';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import { installAccessControl } from './access/access-control.js';
import { PermissionSet } from './access/permission-set.js';
import type { AppConfig } from './config/env.js';
import { dashboardRoutes } from './dashboard/dashboard-routes.js';
import { runInActorScope } from './db/actor-context.js';
import { type Db, poolStatsOf } from './db/database.js';
import { registerCompression } from './http/compression.js';
import { registerErrorHandling } from './http/error-handler.js';
import { registerJsonBodyParser } from './http/json-body.js';
import { createReadiness, type Readiness, registerProbes } from './http/probes.js';
import { redactUrl } from './http/redact.js';
import { registerRequestIds, requestIdOptions } from './http/request-id.js';
import { type Clock, systemClock } from './lib/clock.js';
import { createPasswordHasher } from './lib/password-hasher.js';
import { loadSecretBox } from './lib/secret-box-file.js';
import { type ChangeFeed, createChangeFeed } from './live/change-feed.js';
import { liveRoutes } from './live/live-routes.js';
import { setBlobGcSource, setPoolSource, setQueueSource, setReadySource } from './metrics/metrics.js';
import {
  createMetricsServer,
  instrumentRequests,
  metricsEnabled,
  registerTokenMetrics,
} from './metrics/metrics-http.js';
import { createAuthModule } from './modules/auth/index.js';
import { type ChatModule, createChatModule } from './modules/chat/index.js';
import { createNotificationModule } from './modules/notification/index.js';
import { createStorageModule, storagePreviewOrigins } from './modules/storage/index.js';
import { registerOpenApi } from './openapi/openapi-routes.js';
import { collectRoutes } from './openapi/route-collector.js';
import { reportRoutes } from './reports/report-routes.js';
import { savedReportRoutes } from './reports/saved/saved-report-routes.js';
import { createReportScheduler } from './reports/schedules/report-scheduler.js';
import { scheduleRoutes } from './reports/schedules/schedule-routes.js';
import { configureImportLimits } from './resources/import/import-limits.js';
import { configureTotalBudget } from './resources/list-total.js';
import { defaultWebDistDir, registerPanel } from './web/panel.js';

export interface BuildOptions {
  config: AppConfig;
  db: Db;
  clock?: Clock;
  /** Pino options, or false for silence (tests). */
  logger?: boolean | Record<string, unknown>;
  /** Poll interval of the e-mail worker. */
  mailPollMs?: number;
  /**
   * The PostgreSQL URL of `db`, when it is not `config.databaseUrl` (tests' scratch databases): the
   * chat's LISTEN connection opens it.
   */
  databaseUrl?: string;
  /** How often chat sockets' sign-ins are checked. */
  chatSessionCheckMs?: number;
  /** How often the report scheduler looks for due schedules (tests shorten it). */
  reportSchedulePollMs?: number;
  /** How long `/readyz` waits for the database. */
  probeTimeoutMs?: number;
}

export interface PultApp {
  app: FastifyInstance;
  /** Starts background work (e-mail delivery, housekeeping). */
  startWorkers(): void;
  /** Sends every due e-mail now; for tests and the seed script. */
  deliverEmails(): Promise<number>;
  /** Runs every report schedule due now; for tests. Answers how many ran. */
  runReportSchedules(): Promise<number>;
  /** Deletes what no rule needs any more (runs hourly once workers start). */
  pruneExpired(): Promise<void>;
  /** The modules' demo content (storage), added on a fresh database only. */
  seedModuleDemos(): Promise<void>;
  stopWorkers(): Promise<void>;
  /** The chat module (tests drive its session sweep). */
  chat: ChatModule;
  /** The change feed behind the live streams (tests prune it). */
  changeFeed: ChangeFeed;
  /** `/readyz` turns 503 once a drain begins (SIGTERM). */
  readiness: Readiness;
  /**
   * Starts the `/metrics` listener when METRICS_PORT is set; answers its address (undefined when
   * there is none). It closes with the app.
   */
  listenMetrics(): Promise<string | undefined>;
}

/** Builds the single server: the panel, `/config.json`, `/healthz`, `/readyz` and the services under their bases. */
export async function buildApp(options: BuildOptions): Promise<PultApp> {
  const { config, db } = options;
  const clock = options.clock ?? systemClock;
  const databaseUrl = options.databaseUrl ?? config.databaseUrl;
  configureTotalBudget(config.listTotals);
  configureImportLimits(config.imports);
  const app = Fastify({
    logger: options.logger ?? {
      level: config.logLevel,
      serializers: {
        req: (req: { method: string; url: string; ip?: string }) => ({
          method: req.method,
          url: redactUrl(req.url),
          ip: req.ip,
        }),
      },
    },
    bodyLimit: MAX_BODY_BYTES,
    trustProxy: config.trustProxy,
    ...requestIdOptions,
  });
  registerRequestIds(app);
  // Every statement a request runs knows its administrator once access control has identified them.
  app.addHook('onRequest', (_request, _reply, done) => runInActorScope(done));
  // Before every route; /metrics on the main port only for the bearer of METRICS_TOKEN.
  const metricsOn = metricsEnabled(config.metrics);
  if (metricsOn) instrumentRequests(app);
  if (config.metrics.token) registerTokenMetrics(app, config.metrics.token);
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  // JSON only: a text/plain body would otherwise reach the handlers as a string.
  app.removeContentTypeParser('text/plain');
  registerJsonBodyParser(app);
  registerErrorHandling(app);
  // Before any route: the OpenAPI document is built from every route registered after this.
  const routes = collectRoutes(app);

  const previewOrigins = await storagePreviewOrigins(config.blobStore);
  await app.register(fastifyHelmet, { contentSecurityPolicy: contentSecurityPolicy(config, previewOrigins) });
  await app.register(fastifyCors, {
    origin: [new URL(config.publicUrl).origin],
    credentials: true,
    // If-Match and ETag: a panel on another origin saves with the version it read (record versions).
    allowedHeaders: [
      'Content-Type',
      'Authorization',
      'Lang',
      'X-Requested-With',
      'Accept',
      'If-Match',
      'X-Request-Id',
      // W3C trace context: a panel on another origin may carry its trace into the API's (issue 23).
      'traceparent',
      'tracestate',
    ],
    exposedHeaders: ['ETag', 'X-Request-Id'],
  });

  // Before the routes: the plugin adds its hook to each route registered after it.
  await registerCompression(app);

  const secretBox = await loadSecretBox(config);
  const notification = createNotificationModule({
    db,
    clock,
    secretBox,
    smtpUrl: config.smtpUrl,
    mailFrom: config.mailFrom,
    dataDir: config.dataDir,
    logOutboxLinks: config.databaseUrl === undefined,
    logger: app.log,
    delivery: config.email,
    ...(options.mailPollMs ? { pollIntervalMs: options.mailPollMs } : {}),
  });
  const auth = await createAuthModule({
    db,
    clock,
    mailer: notification.mailer,
    secretBox,
    passwords: createPasswordHasher(config.passwordHashing),
    lifetimes: {
      accessTokenTtl: config.accessTokenTtl,
      refreshTokenTtl: config.refreshTokenTtl,
      sessionMaxAge: config.sessionMaxAge,
    },
    stepUpSeconds: config.stepUpSeconds,
    issuer: config.serviceUrls.auth,
    panelUrl: config.publicUrl,
    companyName: config.companyName,
    bootstrap: config.bootstrapAdmin,
  });
  // Before any service route: each declares its access, and this is where it is enforced.
  installAccessControl(app, {
    authenticate: auth.api.authenticateAdmin,
    loadGrants: auth.api.loadGrants,
    audit: () => app.audit,
    clock,
    stepUpSeconds: config.stepUpSeconds,
  });
  await auth.register(app, SERVICE_BASE_PATHS.auth);
  const changeFeed = createChangeFeed({
    db,
    ...(databaseUrl ? { url: databaseUrl } : {}),
    logger: app.log,
    actorNames: auth.api.adminNames,
  });
  await changeFeed.start();
  app.addHook('onClose', () => changeFeed.stop());
  await app.register(liveRoutes, {
    prefix: SERVICE_BASE_PATHS.auth,
    feed: changeFeed,
    isSessionLive: auth.api.isSessionLive,
    clock,
  });
  // After auth: the notification service's routes are guarded by its admin and service-key checks.
  await notification.register(app, SERVICE_BASE_PATHS.notification, auth.api);
  const storage = await createStorageModule({
    db,
    clock,
    auth: auth.api,
    secretBox,
    blobStore: config.blobStore,
    serviceUrl: config.serviceUrls.storage,
    panelUrl: config.publicUrl,
    logger: app.log,
  });
  await storage.register(app, SERVICE_BASE_PATHS.storage);
  const chat = createChatModule({
    db,
    clock,
    auth: auth.api,
    logger: app.log,
    databaseUrl,
    ...(options.chatSessionCheckMs ? { sessionCheckMs: options.chatSessionCheckMs } : {}),
  });
  await chat.register(app, SERVICE_BASE_PATHS.chat);
  // Each module contributes its cards; a module that is not built contributes none.
  await app.register(dashboardRoutes, {
    prefix: SERVICE_BASE_PATHS.auth,
    cards: [...auth.dashboard, ...notification.dashboard, ...storage.dashboard, ...chat.dashboard],
  });
  // Reports likewise: each module contributes its own, computed from its rollups; a saved report is
  // one of them with its parameters.
  const reports = [...auth.reports, ...notification.reports, ...storage.reports, ...chat.reports];
  await app.register(reportRoutes, { prefix: SERVICE_BASE_PATHS.auth, reports, clock });
  await app.register(savedReportRoutes, { prefix: SERVICE_BASE_PATHS.auth, db, clock, reports });
  const scheduler = createReportScheduler({
    db,
    clock,
    reports,
    mailer: notification.mailer,
    permissionsOf: async (groups) => {
      const policy = await auth.api.loadGrants(groups);
      return new PermissionSet(policy.grants, groups, policy.mfaRequired);
    },
    panelUrl: config.publicUrl,
    companyName: config.companyName,
    logger: app.log,
    ...(options.reportSchedulePollMs ? { pollMs: options.reportSchedulePollMs } : {}),
  });
  await app.register(scheduleRoutes, { prefix: SERVICE_BASE_PATHS.auth, db, clock, reports, scheduler });
  const prune = async () => {
    await auth.prune();
    await notification.prune();
    await storage.prune();
  };

  const readiness = createReadiness();
  const readyCheck = registerProbes(app, {
    db,
    readiness,
    ...(options.probeTimeoutMs ? { timeoutMs: options.probeTimeoutMs } : {}),
  });

  if (metricsOn) {
    const pool = poolStatsOf(db);
    const unsetPool = pool ? setPoolSource(pool) : undefined;
    const unsetQueue = setQueueSource(notification.queueStats);
    const unsetBlobGc = setBlobGcSource(storage.blobGcBacklog);
    const unsetReady = setReadySource(async () => (await readyCheck()).ready);
    app.addHook('onClose', async () => {
      unsetPool?.();
      unsetQueue();
      unsetBlobGc();
      unsetReady();
    });
  }
  const metricsServer = config.metrics.port !== undefined ? createMetricsServer() : undefined;
  if (metricsServer) app.addHook('onClose', () => metricsServer.close());

  registerOpenApi(app, routes, config.publicUrl);
  await registerPanel(app, {
    distDir: config.webDistDir ?? defaultWebDistDir(),
    runtimeConfig: {
      authServiceUrl: config.serviceUrls.auth,
      storageServiceUrl: config.serviceUrls.storage,
      chatServiceUrl: config.serviceUrls.chat,
      notificationServiceUrl: config.serviceUrls.notification,
      companyName: config.companyName,
    },
  });

  let housekeeping: NodeJS.Timeout | undefined;
  return {
    app,
    startWorkers() {
      notification.worker.start();
      scheduler.start();
      housekeeping = setInterval(
        () => void prune().catch((err: unknown) => app.log.warn({ err }, 'Pruning failed')),
        3_600_000,
      );
      housekeeping.unref();
    },
    deliverEmails: () => notification.worker.deliverDue(),
    runReportSchedules: () => scheduler.runDue(),
    pruneExpired: prune,
    async seedModuleDemos() {
      await storage.seedDemo();
      await chat.seedDemo();
    },
    chat,
    changeFeed,
    readiness,
    async listenMetrics() {
      if (!metricsServer || config.metrics.port === undefined) return undefined;
      return metricsServer.listen({ port: config.metrics.port, host: config.metrics.host });
    },
    async stopWorkers() {
      clearInterval(housekeeping);
      await scheduler.stop();
      await notification.worker.stop();
    },
  };
}

function contentSecurityPolicy(config: AppConfig, previewOrigins: readonly string[]) {
  const serviceOrigins = [...new Set(Object.values(config.serviceUrls).map((url) => new URL(url).origin))];
  return {
    useDefaults: true,
    directives: {
      'connect-src': ["'self'", ...serviceOrigins],
      // File previews come from the storage service, or straight from an S3 store.
      'img-src': ["'self'", 'data:', 'https:', ...serviceOrigins, ...previewOrigins],
      'frame-src': ["'self'", ...serviceOrigins, ...previewOrigins],
      // MUI (emotion) injects its styles at run time.
      'style-src': ["'self'", "'unsafe-inline'"],
      'upgrade-insecure-requests': null,
    },
  };
}
