import path from 'node:path';
import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import type { Db } from '../../db/database.js';
import type { Clock } from '../../lib/clock.js';
import type { SecretBox } from '../../lib/secret-box.js';
import type { Mailer } from '../../mail/mailer.js';
import type { AuthApi } from '../auth/index.js';
import { adminRoutes } from './admin-routes.js';
import { createProviderChannels } from './channels/provider-channels.js';
import { configRoutes } from './configs/config-routes.js';
import { createConfigStore } from './configs/config-store.js';
import { createNotificationDashboard } from './dashboard/cards.js';
import { createDeliveryWorker } from './delivery-worker.js';
import { deviceRoutes } from './devices/device-routes.js';
import { createEmailQueue } from './email-queue.js';
import { createChannelResolver } from './mail-transport.js';
import { createQueueHandlers } from './queue/queue-handlers.js';
import { readQueueStats } from './queue-stats.js';
import { deliveryReport } from './reports/delivery-report.js';
import { composeAndQueue } from './send/compose.js';
import { createIdempotencyKeys } from './send/idempotency.js';
import { sendRoutes } from './send/send-routes.js';

export interface DeliverySettings {
  maxAttempts: number;
  leaseSeconds: number;
  concurrency: number;
  shutdownGraceMs: number;
}

export function createNotificationModule(deps: {
  db: Db;
  clock: Clock;
  secretBox: SecretBox;
  smtpUrl: string | undefined;
  mailFrom: string;
  dataDir: string;
  logOutboxLinks: boolean;
  logger: FastifyBaseLogger;
  delivery: DeliverySettings;
  pollIntervalMs?: number;
}) {
  const { db, clock, delivery } = deps;
  const queue = createEmailQueue(db, clock, {
    maxAttempts: delivery.maxAttempts,
    leaseSeconds: delivery.leaseSeconds,
    messageIdDomain: domainOf(deps.mailFrom),
  });
  const channels = createChannelResolver({
    db,
    secretBox: deps.secretBox,
    smtpUrl: deps.smtpUrl,
    mailFrom: deps.mailFrom,
    outboxDir: path.join(deps.dataDir, 'outbox'),
    logOutboxLinks: deps.logOutboxLinks,
    logger: deps.logger,
    maxConnections: delivery.concurrency,
  });
  const configs = createConfigStore(db, clock, deps.secretBox);
  const worker = createDeliveryWorker({
    queue,
    channels,
    providers: createProviderChannels({ db, configs }),
    logger: deps.logger,
    concurrency: delivery.concurrency,
    leaseSeconds: delivery.leaseSeconds,
    shutdownGraceMs: delivery.shutdownGraceMs,
    ...(deps.pollIntervalMs ? { intervalMs: deps.pollIntervalMs } : {}),
  });
  const keys = createIdempotencyKeys(db, clock);
  const mailer: Mailer = {
    send: (executor, email) => composeAndQueue(executor, queue, email),
    wake: worker.wake,
    reportUnsendable(email, error) {
      deps.logger.error(
        { err: error, template: email.template, language: email.language },
        'E-mail not sent: the template cannot be rendered',
      );
    },
  };

  return {
    mailer,
    worker,
    /** The e-mail queue's dashboard cards. */
    dashboard: createNotificationDashboard(db, clock),
    /** The Delivery report. */
    reports: [deliveryReport(db)],
    /** Drops idempotency keys past their 24 hours. */
    prune: () => keys.prune(),
    /** Backlog by status and the oldest pending message's age (the metrics' queue gauges). */
    queueStats: () => readQueueStats(db, clock),
    /** Mounts the service's routes; they need the auth service's guards and user directory. */
    async register(app: FastifyInstance, prefix: string, auth: AuthApi) {
      const queueHandlers = createQueueHandlers(db, clock, { maxAttempts: delivery.maxAttempts });
      await app.register(sendRoutes, {
        prefix,
        db,
        auth,
        queue,
        keys,
        wake: worker.wake,
        pushConfig: configs.push.pick,
      });
      await app.register(adminRoutes, { prefix, db, clock, auth, queue, queueHandlers, wake: worker.wake });
      await app.register(configRoutes, { prefix, db, clock, configs });
      await app.register(deviceRoutes, { prefix, db, clock, auth });
    },
  };
}

export type NotificationModule = ReturnType<typeof createNotificationModule>;

/** The domain of the sender address, for Message-IDs (`Pult <no-reply@pult.local>` → `pult.local`). */
function domainOf(mailFrom: string): string {
  const match = /@([A-Za-z0-9.-]+)>?\s*$/.exec(mailFrom);
  return match?.[1] ?? 'pult.local';
}
