import type { FastifyBaseLogger } from 'fastify';
import pg from 'pg';

export interface ListenerDeps {
  url: string;
  /** The NOTIFY channel (an identifier the code chose, never input). */
  channel: string;
  logger: FastifyBaseLogger;
  /** A notification's payload, in the order PostgreSQL committed the transactions that sent them. */
  onNotification: (payload: string) => void;
  /** After a reconnect: notifications sent meanwhile are lost, so listeners catch up from their log. */
  onReconnect: () => void;
}

const RETRY_MS = { first: 250, max: 10_000 };

/**
 * A connection of its own that LISTENs on one channel (a pooled one could not: LISTEN belongs to the
 * session). It reconnects with backoff when the server or the network drops it. Chat's events and the
 * change feed each have one per process.
 */
export function createPgListener(deps: ListenerDeps) {
  let client: pg.Client | undefined;
  let stopped = false;
  let retry = RETRY_MS.first;
  let timer: NodeJS.Timeout | undefined;
  let connectedOnce = false;

  const handle = (message: pg.Notification) => deps.onNotification(message.payload ?? '');

  async function connect(): Promise<void> {
    if (stopped) return;
    const next = new pg.Client({ connectionString: deps.url });
    next.on('notification', handle);
    next.on('error', (error) => {
      deps.logger.warn({ err: error }, `LISTEN ${deps.channel} connection failed; reconnecting`);
      void drop(next);
    });
    next.on('end', () => void drop(next));
    try {
      await next.connect();
      await next.query(`listen ${deps.channel}`);
    } catch (error) {
      deps.logger.warn({ err: error }, `LISTEN ${deps.channel} connection could not open; retrying`);
      await drop(next);
      return;
    }
    if (stopped) {
      await next.end().catch(() => undefined);
      return;
    }
    client = next;
    retry = RETRY_MS.first;
    if (connectedOnce) deps.onReconnect();
    connectedOnce = true;
  }

  async function drop(which: pg.Client): Promise<void> {
    which.removeAllListeners('notification');
    if (client === which) client = undefined;
    else if (client !== undefined) return;
    await which.end().catch(() => undefined);
    if (stopped || timer) return;
    timer = setTimeout(() => {
      timer = undefined;
      void connect();
    }, retry);
    retry = Math.min(retry * 2, RETRY_MS.max);
  }

  return {
    start: () => connect(),
    async stop() {
      stopped = true;
      clearTimeout(timer);
      const current = client;
      client = undefined;
      await current?.end().catch(() => undefined);
    },
  };
}
