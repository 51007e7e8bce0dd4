import type { ChatEvent } from '@pult/contract';
import { describe, expect, it, vi } from 'vitest';
import type { WebSocket } from 'ws';
import { MAX_BUFFERED_BYTES, SocketClient } from './socket-client.js';

function fakeSocket() {
  const sent: string[] = [];
  const socket = {
    OPEN: 1,
    readyState: 1,
    bufferedAmount: 0,
    send: (text: string) => sent.push(text),
    close: vi.fn(),
  };
  return { socket, sent };
}

const event = (seq: number): ChatEvent => ({ type: 'message.created', channel_id: 7, seq, data: { n: seq } });
const settle = () => new Promise((resolve) => setTimeout(resolve, 10));

describe('SocketClient', () => {
  it('fills a gap from the log before sending a later event, and drops repeats', async () => {
    const { socket, sent } = fakeSocket();
    const readEvents = vi.fn(async (_channel: number, after: number) =>
      [2, 3, 4].filter((seq) => seq > after).map(event),
    );
    const client = new SocketClient(
      socket as unknown as WebSocket,
      { uid: 'u', sessionId: 's', tokenExpiresAt: 0 },
      readEvents,
      () => {},
    );
    client.join(7, 1);
    client.receive(event(4));
    client.receive(event(3));
    client.receive(event(5));
    await settle();
    expect(sent.map((text) => (JSON.parse(text) as ChatEvent).seq)).toEqual([2, 3, 4, 5]);
  });

  it('disconnects a client that lets unsent data pile up', () => {
    const { socket } = fakeSocket();
    const client = new SocketClient(
      socket as unknown as WebSocket,
      { uid: 'u', sessionId: 's', tokenExpiresAt: 0 },
      async () => [],
      () => {},
    );
    client.send({ type: 'pong' });
    expect(socket.close).not.toHaveBeenCalled();
    socket.bufferedAmount = MAX_BUFFERED_BYTES + 1;
    client.send({ type: 'pong' });
    expect(socket.close).toHaveBeenCalledWith(4008, 'too slow');
  });
});
