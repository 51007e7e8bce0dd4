import type { ServerResponse } from 'node:http';
import type { LiveChange } from '@pult/contract';
import { metrics } from '../metrics/metrics.js';
import type { FeedEvent, FeedSubscriber } from './change-feed.js';
import { type Cursor, formatCursor } from './cursor.js';
import { changesAccess, type Reader, visibleChanges } from './visibility.js';

/**
 * Bytes a stream may have waiting in its socket's buffer. A panel reads every event at once; one
 * that does not (a frozen tab, a dead network) is dropped rather than buffered without bound, and
 * catches up from the feed with `Last-Event-ID` when it comes back.
 */
export const MAX_BUFFERED_BYTES = 256 * 1024;

export interface EventStreamOptions {
  raw: ServerResponse;
  reader: Reader;
  /** `Last-Event-ID`, parsed: where to resume. */
  position?: Cursor;
  heartbeatMs: number;
  /** When the access token that opened it expires: the stream ends then, and the panel reconnects. */
  endsAt: number;
  now: () => number;
}

/** One panel's stream: a feed subscriber that writes what its reader may see as server-sent events. */
export function createEventStream(options: EventStreamOptions) {
  const { raw, reader } = options;
  let closed = false;
  const onClose: Array<() => void> = [];

  const write = (text: string): boolean => {
    if (closed) return false;
    if (raw.writableLength > MAX_BUFFERED_BYTES) {
      metrics.liveSlowStreamDropped();
      end();
      raw.destroy();
      return false;
    }
    raw.write(text);
    return true;
  };

  function end(): void {
    if (closed) return;
    closed = true;
    clearInterval(heartbeat);
    clearTimeout(expiry);
    metrics.liveStreamClosed();
    for (const listener of onClose) listener();
    if (!raw.destroyed) raw.end();
  }

  const heartbeat = setInterval(() => write(': heartbeat\n\n'), options.heartbeatMs);
  heartbeat.unref();
  const expiry = setTimeout(end, Math.max(0, options.endsAt - options.now()));
  expiry.unref();
  raw.on('close', end);
  metrics.liveStreamOpened();

  const subscriber: FeedSubscriber = {
    ...(options.position ? { position: options.position } : {}),
    deliver(events: readonly FeedEvent[]) {
      const shown = visibleChanges(events, reader);
      let text = '';
      for (const { event, change } of shown) text += frame(change, formatCursor(event.cursor));
      // A batch whose last events this reader may not see still moves their position past them.
      const last = events[events.length - 1];
      if (last && shown[shown.length - 1]?.event !== last) text += `id: ${formatCursor(last.cursor)}\n\n`;
      if (text !== '' && write(text)) metrics.liveEventsSent(shown.length);
      if (events.some((event) => changesAccess(event, reader))) {
        // The panel reloads its permissions (its menu and buttons) and reconnects, authorised afresh.
        write('event: access\ndata: {}\n\n');
        end();
      }
    },
    reset() {
      write('event: reset\ndata: {}\n\n');
    },
  };

  return {
    /**
     * Tells the client it is subscribed (every change from now on reaches it) and where it stands, so
     * a reconnect before any change still resumes from here.
     */
    ready() {
      const position = subscriber.position;
      write(`${position ? `id: ${formatCursor(position)}\n\n` : ''}: connected\n\n`);
    },
    subscriber,
    get closed() {
      return closed;
    },
    onClose(listener: () => void) {
      onClose.push(listener);
    },
    end,
  };
}

export type EventStream = ReturnType<typeof createEventStream>;

function frame(change: LiveChange, id: string): string {
  return `id: ${id}\nevent: change\ndata: ${JSON.stringify(change)}\n\n`;
}
