import path from 'node:path';
import type { FastifyBaseLogger } from 'fastify';
import type { Db, Executor } from '../../db/database.js';
import type { Clock } from '../../lib/clock.js';
import type { SecretBox } from '../../lib/secret-box.js';
import { createDeliveryWorker } from './delivery-worker.js';
import { createEmailQueue, type OutgoingEmail } from './email-queue.js';
import { resolveDeliveryChannel } from './mail-transport.js';

export type { OutgoingEmail } from './email-queue.js';

/** What other modules may ask of the notification service. */
export interface Mailer {
  /** Queues a message inside the caller's transaction; delivery follows once it commits. */
  enqueue(executor: Executor, email: OutgoingEmail): Promise<number>;
  /** Asks the worker to look at the queue now (call after the transaction has committed). */
  wake(): void;
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
  pollIntervalMs?: number;
}) {
  const queue = createEmailQueue(deps.db, deps.clock);
  const worker = createDeliveryWorker({
    queue,
    logger: deps.logger,
    ...(deps.pollIntervalMs ? { intervalMs: deps.pollIntervalMs } : {}),
    resolveChannel: () =>
      resolveDeliveryChannel({
        db: deps.db,
        secretBox: deps.secretBox,
        smtpUrl: deps.smtpUrl,
        mailFrom: deps.mailFrom,
        outboxDir: path.join(deps.dataDir, 'outbox'),
        logOutboxLinks: deps.logOutboxLinks,
        logger: deps.logger,
      }),
  });
  const mailer: Mailer = { enqueue: queue.enqueue, wake: worker.wake };
  return { mailer, worker };
}

export type NotificationModule = ReturnType<typeof createNotificationModule>;
