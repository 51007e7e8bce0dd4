import type { ChatEvent } from '@pult/contract';
import type { FastifyBaseLogger } from 'fastify';
import pg from 'pg';
import { NOTIFY_CHANNEL } from '../service/event-log.js';

export interface ListenerDeps {
  url: string;
  logger: FastifyBaseLogger;
  /** A complete event, in the order PostgreSQL committed it. */
  onEvent: (event: ChatEvent) => void;
  /** An event too large for NOTIFY: only its channel and number came; it is read from the log. */
  onReference: (channelId: number) => void;
  /** After a reconnect: notifications sent meanwhile are lost, so everyone catches up from the log. */
  onReconnect: () => void;
}

const RETRY_MS = { first: 250, max: 10_000 };

/**
 * A connection of its own that LISTENs for chat events (a pooled one could not: LISTEN belongs to
 * the session). It reconnects with backoff when the server or the network drops it.
 */
export function createPgListener(deps: ListenerDeps) {
  let client: pg.Client | undefined;
  let stopped = false;
  let retry = RETRY_MS.first;
  let timer: NodeJS.Timeout | undefined;
  let connectedOnce = false;

  const handle = (message: pg.Notification) => {
    if (!message.payload) return;
    try {
      const parsed = JSON.parse(message.payload) as ChatEvent & { ref?: boolean };
      if (parsed.ref) deps.onReference(parsed.channel_id);
      else deps.onEvent(parsed);
    } catch (error) {
      deps.logger.warn({ err: error }, 'Unreadable chat notification');
    }
  };

  async function connect(): Promise<void> {
    if (stopped) return;
    const next = new pg.Client({ connectionString: deps.url });
    next.on('notification', handle);
    next.on('error', (error) => {
      deps.logger.warn({ err: error }, 'Chat event connection failed; reconnecting');
      void drop(next);
    });
    next.on('end', () => void drop(next));
    try {
      await next.connect();
      await next.query(`listen ${NOTIFY_CHANNEL}`);
    } catch (error) {
      deps.logger.warn({ err: error }, 'Chat event connection could not open; retrying');
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
