import type { TotalKind } from '@pult/contract';
import client from 'prom-client';

/**
 * The process's Prometheus metrics (docs/operations.md, "Monitoring"). One registry per process: it is
 * the process Prometheus scrapes. The modules count through the small functions below and never import
 * prom-client themselves. Labels are closed sets (outcomes, channels, statuses, route patterns): never
 * an id, an e-mail, an address or a raw URL.
 */
export const registry = new client.Registry();

const PREFIX = 'pult_';

export type SignInOutcome = 'success' | 'bad_password' | 'throttled' | 'mfa_challenge' | 'mfa_failed';
export type RefreshOutcome = 'rotated' | 'reused' | 'invalid';
export type DeliveryOutcome = 'sent' | 'retry' | 'failed_permanent' | 'failed_exhausted';
export type UploadOutcome = 'stored' | 'refused' | 'failed';

const httpDuration = new client.Histogram({
  name: `${PREFIX}http_request_duration_seconds`,
  help: 'HTTP requests by method, route pattern ("unmatched" when no route matched) and status class',
  labelNames: ['method', 'route', 'status_class'] as const,
  buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
  registers: [registry],
});
const httpInFlight = new client.Gauge({
  name: `${PREFIX}http_requests_in_flight`,
  help: 'HTTP requests being served (WebSocket upgrades excluded)',
  registers: [registry],
});
const signIns = new client.Counter({
  name: `${PREFIX}signins_total`,
  help: 'Sign-in attempts (administrators and platform users) by outcome',
  labelNames: ['kind', 'outcome'] as const,
  registers: [registry],
});
const refreshes = new client.Counter({
  name: `${PREFIX}token_refreshes_total`,
  help: 'Refresh-token renewals by outcome; "reused" is a detected reuse that revoked its sign-in',
  labelNames: ['outcome'] as const,
  registers: [registry],
});
const listTotals = new client.Counter({
  name: `${PREFIX}list_totals_total`,
  help: 'List answers by what their total is: exact, an estimate, or a lower bound (moreThan)',
  labelNames: ['total'] as const,
  registers: [registry],
});
const countBudget = new client.Counter({
  name: `${PREFIX}list_count_budget_exceeded_total`,
  help: 'List statements (counts, collections, samples) that ran out of the list count budget',
  registers: [registry],
});
const deliveries = new client.Counter({
  name: `${PREFIX}message_deliveries_total`,
  help: 'Delivery attempts of queued messages by channel (email, sms, push) and outcome',
  labelNames: ['channel', 'outcome'] as const,
  registers: [registry],
});
// The deliveries counter says how many attempts fail; this says how many a message needs before it
// settles, which is what a retry policy is tuned by.
const deliveryAttempts = new client.Histogram({
  name: `${PREFIX}message_delivery_attempts`,
  help: 'Attempts a queued message took until it settled (sent, refused for good, or out of attempts), by channel',
  labelNames: ['channel'] as const,
  buckets: [1, 2, 3, 5, 8, 13, 21],
  registers: [registry],
});
const chatEvents = new client.Counter({
  name: `${PREFIX}chat_events_fanned_out_total`,
  help: 'Chat events handed to open WebSockets (one per socket that received it)',
  registers: [registry],
});
const chatSlowDrops = new client.Counter({
  name: `${PREFIX}chat_slow_clients_dropped_total`,
  help: 'Chat WebSockets closed because the client read too slowly',
  registers: [registry],
});
const liveStreams = new client.Gauge({
  name: `${PREFIX}live_event_streams_open`,
  help: 'Open live change streams (GET /auth/admin/events)',
  registers: [registry],
});
const liveEvents = new client.Counter({
  name: `${PREFIX}live_events_sent_total`,
  help: 'Change events written to live streams',
  registers: [registry],
});
const liveSlowDrops = new client.Counter({
  name: `${PREFIX}live_slow_streams_dropped_total`,
  help: 'Live streams closed because the client did not read',
  registers: [registry],
});
const chatSockets = new client.Gauge({
  name: `${PREFIX}chat_websockets_open`,
  help: 'Open chat WebSockets',
  registers: [registry],
});
const uploadBytes = new client.Counter({
  name: `${PREFIX}storage_upload_bytes_total`,
  help: 'Bytes of files stored by uploads',
  registers: [registry],
});
const uploads = new client.Counter({
  name: `${PREFIX}storage_uploads_total`,
  help: 'Uploads by outcome: stored, refused (4xx: rules, size, type) or failed (5xx)',
  labelNames: ['outcome'] as const,
  registers: [registry],
});
const ingested = new client.Counter({
  name: `${PREFIX}storage_ingested_total`,
  help: 'Log and error entries ingested through POST /logs and /errors',
  labelNames: ['kind'] as const,
  registers: [registry],
});

/** What the database pool reports at scrape time. */
export interface PoolStats {
  total: number;
  idle: number;
  waiting: number;
}

/** The message queue (every channel) as one cheap query sees it. */
export interface QueueStats {
  /**
   * Rows by channel (email, sms, push), then status, for the statuses that drain (pending,
   * processing, failed); capped by the reader.
   */
  rows: Record<string, Record<string, number>>;
  /** Per channel: seconds since its oldest pending message was queued; 0 when none waits. */
  oldestPendingSeconds: Record<string, number>;
}

type Source<T> = { read: () => T } | undefined;
let poolSource: Source<PoolStats | undefined>;
let queueSource: Source<Promise<QueueStats>>;
let blobGcSource: Source<Promise<number>>;
let readySource: Source<Promise<boolean>>;

const poolGauge = (name: string, help: string, pick: (stats: PoolStats) => number) =>
  new client.Gauge({
    name: `${PREFIX}db_pool_connections_${name}`,
    help,
    registers: [registry],
    collect() {
      const stats = poolSource?.read();
      if (stats) this.set(pick(stats));
    },
  });
poolGauge('total', 'PostgreSQL pool connections open (idle and in use)', (stats) => stats.total);
poolGauge('idle', 'PostgreSQL pool connections open and idle', (stats) => stats.idle);
poolGauge(
  'in_use',
  'PostgreSQL pool connections held by a query or transaction',
  (stats) => stats.total - stats.idle,
);
poolGauge('waiting', 'Queries waiting for a PostgreSQL pool connection', (stats) => stats.waiting);

new client.Gauge({
  name: `${PREFIX}email_queue_rows`,
  help: 'Queued messages by channel (email, sms, push) and status: pending, processing, failed (each status read up to 100,000)',
  labelNames: ['channel', 'status'] as const,
  registers: [registry],
  async collect() {
    const stats = await queueSource?.read();
    if (!stats) return;
    for (const [channel, byStatus] of Object.entries(stats.rows))
      for (const [status, n] of Object.entries(byStatus)) this.set({ channel, status }, n);
  },
});
new client.Gauge({
  name: `${PREFIX}email_queue_oldest_pending_seconds`,
  help: 'Age of the oldest pending queued message by channel (0 when none waits)',
  labelNames: ['channel'] as const,
  registers: [registry],
  async collect() {
    const stats = await queueSource?.read();
    if (!stats) return;
    for (const [channel, seconds] of Object.entries(stats.oldestPendingSeconds))
      this.set({ channel }, seconds);
  },
});

new client.Gauge({
  name: `${PREFIX}storage_blob_gc_backlog`,
  help: 'Blobs waiting to be deleted from the store (counted up to 100,000); a number that never falls means the store refuses deletes',
  registers: [registry],
  async collect() {
    const backlog = await blobGcSource?.read();
    if (backlog !== undefined) this.set(backlog);
  },
});

// `up` only says the metrics answered: a draining process, or one whose database is down, still
// answers them. This says what the balancer's `/readyz` would hear, asked at scrape time.
new client.Gauge({
  name: `${PREFIX}ready`,
  help: '1 when /readyz would answer 200 (migrations done, database answering, not draining), else 0',
  registers: [registry],
  async collect() {
    this.set((await readySource?.read()) ? 1 : 0);
  },
});

let defaultsStarted = false;

/** Node's process metrics (CPU, memory, event loop lag, GC…); started once, when metrics are served. */
export function startDefaultMetrics(): void {
  if (defaultsStarted) return;
  defaultsStarted = true;
  client.collectDefaultMetrics({ register: registry, prefix: PREFIX });
}

/** The registry's text exposition and its content type. */
export async function exposition(): Promise<{ contentType: string; body: string }> {
  return { contentType: registry.contentType, body: await registry.metrics() };
}

/**
 * Sets where the pool gauges read from; returns its removal. The last server built wins (one per
 * process outside tests).
 */
export function setPoolSource(read: () => PoolStats | undefined): () => void {
  const source = { read };
  poolSource = source;
  return () => {
    if (poolSource === source) poolSource = undefined;
  };
}

/** `read`, answered from a cache of `cacheMs` so that a burst of scrapes costs one query; a failure is not kept. */
function cached<T>(read: () => Promise<T>, cacheMs: number, now: () => number): { read: () => Promise<T> } {
  let last: { at: number; value: Promise<T> } | undefined;
  return {
    read() {
      const at = now();
      if (!last || at - last.at >= cacheMs) {
        const value = read();
        last = { at, value };
        value.catch(() => {
          if (last?.value === value) last = undefined;
        });
      }
      return last.value;
    },
  };
}

/**
 * Sets where the queue gauges read from, through a cache of `cacheMs` (several Prometheus servers, a
 * reload); returns its removal.
 */
export function setQueueSource(read: () => Promise<QueueStats>, cacheMs = 5_000, now = Date.now): () => void {
  const source = cached(read, cacheMs, now);
  queueSource = source;
  return () => {
    if (queueSource === source) queueSource = undefined;
  };
}

/** Sets where the blob GC backlog gauge reads from (cached like the queue's); returns its removal. */
export function setBlobGcSource(read: () => Promise<number>, cacheMs = 5_000, now = Date.now): () => void {
  const source = cached(read, cacheMs, now);
  blobGcSource = source;
  return () => {
    if (blobGcSource === source) blobGcSource = undefined;
  };
}

/**
 * Sets the readiness check `pult_ready` asks at each scrape (uncached: a drain must show at once);
 * returns its removal.
 */
export function setReadySource(read: () => Promise<boolean>): () => void {
  const source = { read };
  readySource = source;
  return () => {
    if (readySource === source) readySource = undefined;
  };
}

export function statusClass(statusCode: number): string {
  return statusCode >= 100 && statusCode < 600 ? `${Math.floor(statusCode / 100)}xx` : 'other';
}

/** The counting functions the modules call. */
export const metrics = {
  requestStarted: () => httpInFlight.inc(),
  requestEnded: () => httpInFlight.dec(),
  requestObserved(method: string, route: string, statusCode: number, seconds: number) {
    httpDuration.observe({ method, route, status_class: statusClass(statusCode) }, seconds);
  },
  signIn: (kind: string, outcome: SignInOutcome) => signIns.inc({ kind, outcome }),
  refresh: (outcome: RefreshOutcome) => refreshes.inc({ outcome }),
  listTotal: (kind: TotalKind) => listTotals.inc({ total: kind }),
  countBudgetExceeded: () => countBudget.inc(),
  /** One delivery attempt; `attempt` is the message's attempt number (1 for its first). */
  delivery(channel: string, outcome: DeliveryOutcome, attempt: number) {
    deliveries.inc({ channel, outcome });
    if (outcome !== 'retry') deliveryAttempts.observe({ channel }, attempt);
  },
  chatSocketOpened: () => chatSockets.inc(),
  chatSocketClosed: () => chatSockets.dec(),
  chatEventsFannedOut: (n: number) => {
    if (n > 0) chatEvents.inc(n);
  },
  chatSlowClientDropped: () => chatSlowDrops.inc(),
  liveStreamOpened: () => liveStreams.inc(),
  liveStreamClosed: () => liveStreams.dec(),
  liveEventsSent: (n: number) => {
    if (n > 0) liveEvents.inc(n);
  },
  liveSlowStreamDropped: () => liveSlowDrops.inc(),
  upload: (outcome: UploadOutcome, bytes = 0) => {
    uploads.inc({ outcome });
    if (bytes > 0) uploadBytes.inc(bytes);
  },
  ingested: (kind: 'log' | 'error', n: number) => {
    if (n > 0) ingested.inc({ kind }, n);
  },
};
