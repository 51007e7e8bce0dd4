import type { ChatEvent } from '@pult/contract';
import { WebSocket } from 'ws';

export type Frame = Partial<Omit<ChatEvent, 'type'>> & { type: string; [key: string]: unknown };

/** A chat socket as a client sees it: every frame it got, and a way to wait for one. */
export interface SocketProbe {
  frames: Frame[];
  closed: Promise<{ code: number; reason: string }>;
  waitFor(predicate: (frame: Frame) => boolean, timeoutMs?: number): Promise<Frame>;
  events(channelId: number): Frame[];
  close(): void;
}

export async function openProbe(
  baseUrl: string,
  token: string,
  cursors?: Record<string, number>,
): Promise<SocketProbe> {
  const socket = new WebSocket(`${baseUrl.replace(/^http/, 'ws')}/chat/rest/v1/ws`);
  const frames: Frame[] = [];
  const waiters: { predicate: (frame: Frame) => boolean; resolve: (frame: Frame) => void }[] = [];
  socket.on('message', (data) => {
    const frame = JSON.parse(String(data)) as Frame;
    frames.push(frame);
    for (const waiter of [...waiters]) {
      if (waiter.predicate(frame)) {
        waiters.splice(waiters.indexOf(waiter), 1);
        waiter.resolve(frame);
      }
    }
  });
  const closed = new Promise<{ code: number; reason: string }>((resolve) =>
    socket.on('close', (code, reason) => resolve({ code, reason: String(reason) })),
  );
  await new Promise<void>((resolve, reject) => {
    socket.once('open', () => resolve());
    socket.once('error', reject);
  });
  const probe: SocketProbe = {
    frames,
    closed,
    waitFor(predicate, timeoutMs = 15_000) {
      const found = frames.find(predicate);
      if (found) return Promise.resolve(found);
      return new Promise((resolve, reject) => {
        const timer = setTimeout(
          () => reject(new Error(`No such frame; got ${JSON.stringify(frames)}`)),
          timeoutMs,
        );
        waiters.push({
          predicate,
          resolve: (frame) => {
            clearTimeout(timer);
            resolve(frame);
          },
        });
      });
    },
    events: (channelId) => frames.filter((frame) => frame.channel_id === channelId),
    close: () => socket.close(),
  };
  socket.send(JSON.stringify({ type: 'auth', token, ...(cursors ? { cursors } : {}) }));
  await probe.waitFor((frame) => frame.type === 'ready');
  return probe;
}
