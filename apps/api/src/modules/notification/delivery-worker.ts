import { randomUUID } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import { metrics } from '../../metrics/metrics.js';
import { inClientSpan, inLinkedSpan, recordSpanOutcome } from '../../telemetry/trace-hooks.js';
import type { ProviderChannels } from './channels/provider-channels.js';
import { ProviderError } from './channels/provider-error.js';
import type { EmailQueue, FailureKind } from './email-queue.js';
import { deliveryFailureReason } from './failure-reason.js';
import type { ChannelResolver, DeliveryChannel } from './mail-transport.js';
import { smtpFailureKind } from './smtp-outcome.js';
import type { EmailQueueRow } from './tables.js';

export interface DeliveryWorkerOptions {
  queue: EmailQueue;
  channels: ChannelResolver;
  /** SMS and push: the same queue, each row through its provider's adapter. */
  providers: ProviderChannels;
  logger: FastifyBaseLogger;
  /** Poll interval; an enqueue in this process wakes the worker at once. */
  intervalMs?: number;
  /** Messages sent at the same time (the SMTP pool's size). */
  concurrency: number;
  /** The lease of a claim; it is renewed every third of it while the message is being sent. */
  leaseSeconds: number;
  /** On shutdown, how long sends under way may take before the process leaves them to their lease. */
  shutdownGraceMs: number;
}

/**
 * Delivers queued e-mail. Claims a batch, sends it `concurrency` at a time, records each outcome
 * under the batch's claim token, and renews the leases of what it is still sending. On stop it claims
 * no more, lets the sends under way finish (bounded by the grace period) and puts back what it had
 * claimed but not started.
 */
export function createDeliveryWorker(deps: DeliveryWorkerOptions) {
  const intervalMs = deps.intervalMs ?? 2_000;
  const batchSize = deps.concurrency * 4;
  const inFlight = new Map<number, string>();
  let timer: NodeJS.Timeout | undefined;
  let renewer: NodeJS.Timeout | undefined;
  let running: Promise<number> | undefined;
  let rerun = false;
  let stopping = false;
  let started = false;

  async function deliverDue(): Promise<number> {
    let total = 0;
    while (!stopping) {
      const token = randomUUID();
      const rows = await deps.queue.claim(batchSize, token);
      if (rows.length === 0) break;
      total += rows.length;
      await deliverBatch(rows, token);
    }
    return total;
  }

  async function deliverBatch(rows: EmailQueueRow[], token: string): Promise<void> {
    for (const row of rows) inFlight.set(row.id, token);
    const untried: number[] = [];
    try {
      // Not awaited up front: a channel that cannot be set up (a stored password sealed under another
      // key, say) fails each claimed row with its back-off instead of leaving the rows claimed.
      const channel = deps.channels.resolve();
      channel.catch(() => undefined);
      let next = 0;
      const lane = async () => {
        while (next < rows.length) {
          const row = rows[next++] as EmailQueueRow;
          if (stopping) {
            untried.push(row.id);
            continue;
          }
          // A root span per send, linked to the request that queued it (tracing on; else a plain call).
          await inLinkedSpan(
            `deliver ${row.channel}`,
            row.trace_parent,
            { 'pult.queue.id': row.id, 'pult.channel': row.channel, 'pult.attempt': row.attempts },
            () => deliverOne(row, token, channel),
          );
          inFlight.delete(row.id);
        }
      };
      await Promise.all(Array.from({ length: Math.min(deps.concurrency, rows.length) }, lane));
      await deps.queue.release(untried, token);
    } finally {
      for (const row of rows) inFlight.delete(row.id);
    }
  }

  async function deliverOne(row: EmailQueueRow, token: string, channel: Promise<DeliveryChannel>) {
    let via: DeliveryChannel | undefined;
    try {
      via = row.channel === 'email' ? await channel : await deps.providers.resolve(row);
      const sending = via;
      // SMTP is seen by no instrumentation: the send is a client span of its own.
      await inClientSpan(`${row.channel} send`, { 'pult.via': sending.describe }, () => sending.send(row));
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error);
      // A permanent refusal (an SMTP 5xx to the envelope or message, a provider's invalid number or
      // token) fails the message at once; anything transient backs off.
      const kind: FailureKind = {
        ...(error instanceof ProviderError
          ? {
              final: !error.retryable,
              ...(error.options.retryAfterSeconds
                ? { retryAfterSeconds: error.options.retryAfterSeconds }
                : {}),
            }
          : row.channel === 'email'
            ? smtpFailureKind(error)
            : {}),
        reason: deliveryFailureReason(error),
      };
      const recorded = await deps.queue.markFailed(row, token, message, via ?? null, kind);
      const outcome =
        kind.final === true
          ? 'failed_permanent'
          : row.attempts >= row.max_attempts
            ? 'failed_exhausted'
            : 'retry';
      metrics.delivery(row.channel, outcome, row.attempts);
      recordSpanOutcome(outcome, true);
      if (error instanceof ProviderError && error.options.unregisteredToken) {
        await deps.providers.forgetDevice(row.email_to);
      }
      deps.logger.warn(
        {
          emailId: row.id,
          channel: row.channel,
          attempt: row.attempts,
          error: message,
          final: kind.final === true,
          permanent: kind.final === true,
          recorded,
        },
        'Message delivery failed',
      );
      return;
    }
    const recorded = await deps.queue.markSent(row, token, via);
    metrics.delivery(row.channel, 'sent', row.attempts);
    recordSpanOutcome('sent', false);
    if (recorded) {
      deps.logger.info(
        { emailId: row.id, channel: row.channel, template: row.template_name, via: via.describe },
        'Message sent',
      );
    } else {
      // The lease ran out while sending and another process took the message: it may go out twice,
      // with the same Message-ID (at-least-once).
      deps.logger.warn({ emailId: row.id }, 'E-mail sent after its claim was taken over');
    }
  }

  function renewLeases(): void {
    const byToken = new Map<string, number[]>();
    for (const [id, token] of inFlight) byToken.set(token, [...(byToken.get(token) ?? []), id]);
    for (const [token, ids] of byToken) {
      deps.queue.renew(ids, token).catch((error: unknown) => {
        deps.logger.warn({ err: error }, 'Could not renew e-mail claims');
      });
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
        if (rerun && !stopping) {
          rerun = false;
          void tick();
        }
      });
    return running;
  }

  return {
    /** Sends every due e-mail now; resolves with how many were claimed. */
    deliverDue: tick,
    wake(): void {
      if (started && !stopping) void tick();
    },
    start(): void {
      started = true;
      stopping = false;
      timer = setInterval(() => void tick(), intervalMs);
      timer.unref();
      renewer = setInterval(renewLeases, (deps.leaseSeconds * 1000) / 3);
      renewer.unref();
      void tick();
    },
    /** Claims nothing more; waits for the sends under way, at most the grace period. */
    async stop(): Promise<void> {
      stopping = true;
      clearInterval(timer);
      if (running) {
        let grace: NodeJS.Timeout | undefined;
        const expired = new Promise<void>((resolve) => {
          grace = setTimeout(resolve, deps.shutdownGraceMs);
        });
        const finished = await Promise.race([running.then(() => true), expired.then(() => false)]);
        clearTimeout(grace);
        if (!finished)
          deps.logger.warn('Stopped with e-mail sends under way: their leases will hand them on');
      }
      clearInterval(renewer);
      deps.channels.close();
      deps.providers.close();
    },
  };
}

export type DeliveryWorker = ReturnType<typeof createDeliveryWorker>;
