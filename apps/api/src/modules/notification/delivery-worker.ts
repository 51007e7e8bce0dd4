import type { FastifyBaseLogger } from 'fastify';
import type { EmailQueue } from './email-queue.js';
import type { DeliveryChannel } from './mail-transport.js';

const BATCH_SIZE = 20;

/**
 * Delivers queued e-mail: polls every `intervalMs`, and at once when woken after an enqueue. One batch
 * at a time per process; several processes share the queue through row claims.
 */
export function createDeliveryWorker(deps: {
  queue: EmailQueue;
  resolveChannel: () => Promise<DeliveryChannel>;
  logger: FastifyBaseLogger;
  intervalMs?: number;
}) {
  const intervalMs = deps.intervalMs ?? 2_000;
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<number> | undefined;
  let rerun = false;
  let stopped = true;

  /** Sends every due message; returns how many were claimed. */
  async function deliverDue(): Promise<number> {
    let total = 0;
    for (;;) {
      const rows = await deps.queue.claim(BATCH_SIZE);
      if (rows.length === 0) return total;
      total += rows.length;
      // Not awaited here: a channel that cannot be set up (a stored password sealed under another
      // key, say) fails each claimed row with its back-off instead of leaving the rows claimed.
      const channel = deps.resolveChannel();
      for (const row of rows) {
        try {
          const via = await channel;
          await via.send(row);
          await deps.queue.markSent(row.id);
          deps.logger.info(
            { emailId: row.id, template: row.template_name, via: via.describe },
            'E-mail sent',
          );
        } catch (error) {
          const message = error instanceof Error ? error.message : String(error);
          await deps.queue.markFailed(row, message);
          deps.logger.warn(
            { emailId: row.id, attempt: row.attempts, error: message },
            'E-mail delivery failed',
          );
        }
      }
    }
  }

  function tick(): Promise<number> {
    if (running) {
      rerun = true;
      return running;
    }
    running = deliverDue()
      .catch((error: unknown) => {
        deps.logger.error({ err: error }, 'E-mail delivery round failed');
        return 0;
      })
      .finally(() => {
        running = undefined;
        if (rerun && !stopped) {
          rerun = false;
          void tick();
        }
      });
    return running;
  }

  return {
    deliverDue: tick,
    wake(): void {
      if (!stopped) void tick();
    },
    start(): void {
      stopped = false;
      timer = setInterval(() => void tick(), intervalMs);
      timer.unref();
      void tick();
    },
    async stop(): Promise<void> {
      stopped = true;
      clearInterval(timer);
      await running;
    },
  };
}

export type DeliveryWorker = ReturnType<typeof createDeliveryWorker>;
