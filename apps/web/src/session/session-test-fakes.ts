import type { SessionChannel } from './session-channel';
import type { TokenStorage } from './token-store';

/** Test doubles shared by the session and http tests; not used by the app. */

export class MemoryStorage implements TokenStorage {
  readonly items = new Map<string, string>();

  getItem(key: string): string | null {
    return this.items.get(key) ?? null;
  }

  setItem(key: string, value: string): void {
    this.items.set(key, String(value));
  }

  removeItem(key: string): void {
    this.items.delete(key);
  }
}

export interface FakeChannel extends SessionChannel {
  readonly sent: unknown[];
  closed: boolean;
}

/**
 * Channels joined like BroadcastChannels of one name: a message reaches every other open member,
 * never the sender, asynchronously and as a structured clone.
 */
export function createChannelHub(): { open(): FakeChannel } {
  const members = new Set<FakeChannel>();
  return {
    open() {
      const channel: FakeChannel = {
        sent: [],
        closed: false,
        onmessage: null,
        postMessage(message) {
          if (channel.closed) throw new Error('InvalidStateError: channel closed');
          channel.sent.push(message);
          for (const other of members) {
            if (other === channel) continue;
            const data = structuredClone(message);
            void Promise.resolve().then(() => {
              if (!other.closed) other.onmessage?.({ data });
            });
          }
        },
        close() {
          channel.closed = true;
          members.delete(channel);
        },
      };
      members.add(channel);
      return channel;
    },
  };
}

export interface Deferred<T> {
  promise: Promise<T>;
  resolve(value: T): void;
  reject(error: unknown): void;
}

export function deferred<T>(): Deferred<T> {
  let resolve!: (value: T) => void;
  let reject!: (error: unknown) => void;
  const promise = new Promise<T>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { promise, resolve, reject };
}
