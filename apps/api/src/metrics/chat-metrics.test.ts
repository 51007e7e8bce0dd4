import type { ChatEvent } from '@pult/contract';
import { describe, expect, it, vi } from 'vitest';
import type { WebSocket } from 'ws';
import { createHub } from '../modules/chat/realtime/hub.js';
import { MAX_BUFFERED_BYTES, SocketClient } from '../modules/chat/realtime/socket-client.js';
import { registry } from './metrics.js';

/** A metric's value read through prom-client's own registry (the sum of its series). */
async function metricValue(name: string): Promise<number> {
  const metric = registry.getSingleMetric(name);
  if (!metric) throw new Error(`No metric ${name}`);
  const { values } = await metric.get();
  return values.reduce((sum, sample) => sum + sample.value, 0);
}

function client() {
  const socket = { OPEN: 1, readyState: 1, bufferedAmount: 0, send: vi.fn(), close: vi.fn() };
  const joined = new SocketClient(
    socket as unknown as WebSocket,
    { uid: 'u1', sessionId: 's', tokenExpiresAt: 0 },
    async () => [],
    () => {},
  );
  return { socket, joined };
}

const settle = () => new Promise((resolve) => setTimeout(resolve, 10));

describe('chat metrics', () => {
  it('counts open sockets, events fanned out and slow clients dropped', async () => {
    const open = await metricValue('pult_chat_websockets_open');
    const fanned = await metricValue('pult_chat_events_fanned_out_total');
    const dropped = await metricValue('pult_chat_slow_clients_dropped_total');
    const hub = createHub(false);
    const a = client();
    const b = client();
    hub.add(a.joined);
    hub.add(b.joined);
    expect(await metricValue('pult_chat_websockets_open')).toBe(open + 2);
    hub.subscribe(a.joined, 7, 0);
    hub.subscribe(b.joined, 7, 0);
    const event: ChatEvent = { type: 'message.created', channel_id: 7, seq: 1, data: {} };
    hub.sink.deliver([event]);
    await settle();
    expect(await metricValue('pult_chat_events_fanned_out_total')).toBe(fanned + 2);
    b.socket.bufferedAmount = MAX_BUFFERED_BYTES + 1;
    b.joined.send({ type: 'pong' });
    expect(await metricValue('pult_chat_slow_clients_dropped_total')).toBe(dropped + 1);
    hub.remove(a.joined);
    hub.remove(b.joined);
    expect(await metricValue('pult_chat_websockets_open')).toBe(open);
  });
});
