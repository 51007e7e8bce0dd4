import { once } from 'node:events';
import { createServer, type Server, type ServerResponse } from 'node:http';
import { type AddressInfo, connect, type Socket } from 'node:net';
import { grantSchema } from '@pult/contract';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { PermissionSet } from '../access/permission-set.js';
import { metrics } from '../metrics/metrics.js';
import type { FeedEvent } from './change-feed.js';
import { createEventStream, type EventStream, MAX_BUFFERED_BYTES } from './event-stream.js';

/**
 * One stream over a real HTTP connection: a server whose only route opens an event stream, and a
 * client on a raw socket, which reads what arrives or (a frozen tab, a dead network) reads nothing.
 */
async function streamOverHttp(heartbeatMs: number) {
  let stream: EventStream | undefined;
  const server: Server = createServer((_request, response: ServerResponse) => {
    response.writeHead(200, { 'content-type': 'text/event-stream; charset=utf-8', connection: 'close' });
    stream = createEventStream({
      raw: response,
      reader: { adminId: 1, permissions: new PermissionSet([grantSchema.parse(USERS_LIST)], ['staff']) },
      heartbeatMs,
      endsAt: Date.now() + 60_000,
      now: Date.now,
    });
    stream.ready();
  });
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  const socket: Socket = connect((server.address() as AddressInfo).port, '127.0.0.1');
  await once(socket, 'connect');
  socket.write('GET /events HTTP/1.1\r\nHost: test\r\n\r\n');
  let received = '';
  socket.on('data', (chunk: Buffer) => {
    received += chunk.toString('utf8');
  });
  await vi.waitFor(() => expect(received).toContain(': connected'));
  return {
    server,
    socket,
    get stream(): EventStream {
      if (!stream) throw new Error('No stream opened');
      return stream;
    },
    get received() {
      return received;
    },
  };
}

const USERS_LIST = { resource: 'auth.users', action: 'list' };

/** A batch of `count` updates of users, numbered from `from`: about 250 bytes each as frames. */
function batch(from: number, count: number): FeedEvent[] {
  return Array.from({ length: count }, (_, index) => ({
    cursor: { tx: BigInt(1000 + from + index), id: from + index },
    resource: 'auth.users',
    recordId: String(from + index),
    op: 'update' as const,
    version: `W/"${1000 + from + index}"`,
    actorId: 1,
    actorName: 'Emily Carter',
    at: new Date('2026-11-26T12:00:00Z'),
  }));
}

describe('an event stream over HTTP', () => {
  const opened: Array<{ server: Server; socket: Socket; stream: EventStream }> = [];
  afterEach(async () => {
    for (const { server, socket, stream } of opened.splice(0)) {
      stream.end();
      socket.destroy();
      server.close();
      await once(server, 'close');
    }
    vi.restoreAllMocks();
  });

  it('sends a heartbeat comment on an idle stream, every interval', async () => {
    const client = await streamOverHttp(40);
    opened.push(client);
    const heartbeats = () => client.received.split(': heartbeat\n\n').length - 1;
    await vi.waitFor(() => expect(heartbeats()).toBeGreaterThanOrEqual(2), { timeout: 2_000 });
    expect(client.stream.closed).toBe(false);
    // Nothing but the greeting and heartbeats: no change was made.
    expect(client.received).not.toContain('event:');
  });

  it('drops a stream whose client stops reading once its buffer passes the limit, and counts it', async () => {
    const dropped = vi.spyOn(metrics, 'liveSlowStreamDropped');
    // A long interval: only the changes below fill the buffer.
    const client = await streamOverHttp(60_000);
    opened.push(client);
    const ended = vi.fn();
    client.stream.onClose(ended);
    client.socket.pause();

    // A reader that keeps up gets every batch; this one reads nothing, so once the kernel's buffers
    // are full the bytes wait in the response, and past the limit the stream gives up on it.
    const perBatch = 2_000;
    let delivered = 0;
    while (!client.stream.closed && delivered < 400 * perBatch) {
      client.stream.subscriber.deliver(batch(delivered, perBatch));
      delivered += perBatch;
      await new Promise((resolve) => setImmediate(resolve));
    }
    expect(client.stream.closed).toBe(true);
    expect(dropped).toHaveBeenCalledTimes(1);
    expect(ended).toHaveBeenCalledTimes(1);
    // More than the limit was sent before it gave up, so it was the buffer that decided.
    expect(delivered * 200).toBeGreaterThan(MAX_BUFFERED_BYTES);
  });

  it('keeps a stream whose client reads, however many changes it is sent', async () => {
    const dropped = vi.spyOn(metrics, 'liveSlowStreamDropped');
    const client = await streamOverHttp(60_000);
    opened.push(client);
    for (let sent = 0; sent < 20 * 500; sent += 500) {
      client.stream.subscriber.deliver(batch(sent, 500));
      await vi.waitFor(() => expect(client.received).toContain(`"id":"${sent + 499}"`));
    }
    expect(client.stream.closed).toBe(false);
    expect(dropped).not.toHaveBeenCalled();
  });
});
