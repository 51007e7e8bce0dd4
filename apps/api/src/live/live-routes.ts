import { LIVE_EVENTS_PATH, LIVE_HEARTBEAT_SECONDS } from '@pult/contract';
import type { FastifyPluginAsync, FastifyReply } from 'fastify';
import { accessOf } from '../access/request-access.js';
import { access } from '../access/route-access.js';
import type { Clock } from '../lib/clock.js';
import type { ChangeFeed } from './change-feed.js';
import { parseCursor } from './cursor.js';
import { createEventStream, type EventStream } from './event-stream.js';

export interface LiveRouteDeps {
  feed: ChangeFeed;
  /** False once a sign-in has ended (sign-out, revocation): its streams close at the next sweep. */
  isSessionLive: (sessionId: string) => Promise<boolean>;
  clock: Clock;
  heartbeatMs?: number;
  sessionCheckMs?: number;
}

/** A stream outlives no access token, and never runs longer than this without re-authorising. */
const MAX_STREAM_MS = 60 * 60_000;

/**
 * `GET /admin/events` (under the auth base): the signed-in administrator's live change stream, as
 * server-sent events. Any administrator may open one; what it carries is filtered by their grants
 * (visibility.ts). Fetch-streamed by the panel with the access token in `Authorization`.
 */
export const liveRoutes: FastifyPluginAsync<LiveRouteDeps> = async (app, deps) => {
  const streams = new Map<EventStream, string>();

  const sweep = async () => {
    for (const sessionId of new Set(streams.values())) {
      if (await deps.isSessionLive(sessionId)) continue;
      for (const [stream, of] of streams) if (of === sessionId) stream.end();
    }
  };
  const sweeper = setInterval(
    () => void sweep().catch((err: unknown) => app.log.warn({ err }, 'Live stream session sweep failed')),
    deps.sessionCheckMs ?? 30_000,
  );
  sweeper.unref();
  // Before the server waits for its connections to end: a stream would never end by itself.
  app.addHook('preClose', async () => {
    clearInterval(sweeper);
    for (const stream of streams.keys()) stream.end();
  });

  app.get(LIVE_EVENTS_PATH, { config: { access: access.signedIn } }, async (request, reply) => {
    const caller = accessOf(request);
    const now = deps.clock().getTime();
    const expiresAt = (request.admin?.exp ?? 0) * 1000;
    const lifetime = Math.min(Math.max(expiresAt - now, 1_000), MAX_STREAM_MS);
    const lastEventId = request.headers['last-event-id'];
    const position = parseCursor(typeof lastEventId === 'string' ? lastEventId : undefined);

    reply.hijack();
    reply.raw.writeHead(200, {
      ...headersSoFar(reply),
      'content-type': 'text/event-stream; charset=utf-8',
      'cache-control': 'no-store',
      // nginx and similar proxies would otherwise hold events back in their buffers.
      'x-accel-buffering': 'no',
      // A stream's connection serves nothing after it: the next stream is a new request anyway.
      connection: 'close',
    });
    const stream = createEventStream({
      raw: reply.raw,
      reader: { adminId: caller.identity.adminId, permissions: caller.permissions },
      ...(position ? { position } : {}),
      heartbeatMs: deps.heartbeatMs ?? LIVE_HEARTBEAT_SECONDS * 1000,
      endsAt: Date.now() + lifetime,
      now: Date.now,
    });
    streams.set(stream, caller.identity.sessionId);
    const subscription = deps.feed.subscribe(stream.subscriber);
    stream.onClose(() => {
      subscription.unsubscribe();
      streams.delete(stream);
    });
    await subscription.joined;
    stream.ready();
  });
};

/** The headers hooks have set (CORS, security headers, the request id): a hijacked reply sends them itself. */
function headersSoFar(reply: FastifyReply): Record<string, string | string[]> {
  const headers: Record<string, string | string[]> = {};
  for (const [name, value] of Object.entries(reply.getHeaders())) {
    if (value !== undefined) headers[name] = typeof value === 'number' ? String(value) : value;
  }
  return headers;
}
