import { CHAT_CLOSE, type ChatEvent } from '@pult/contract';
import type { WebSocket } from 'ws';
import { metrics } from '../../../metrics/metrics.js';

/** A socket may hold this much unsent data; past it the client is too slow and is disconnected. */
export const MAX_BUFFERED_BYTES = 1_048_576;
/** Events replayed per query when a client catches up. */
export const CATCH_UP_BATCH = 500;

export interface ClientIdentity {
  uid: string;
  sessionId: string;
  tokenExpiresAt: number;
}

/** Reads a channel's events after a number, oldest first. */
export type EventReader = (channelId: number, afterSeq: number, limit: number) => Promise<ChatEvent[]>;

/**
 * One signed-in socket: the last event number it has been sent per channel, and per channel a queue
 * so that events go out in order with no gap — a gap is filled from the event log first.
 */
export class SocketClient {
  readonly cursors = new Map<number, number>();
  private readonly queues = new Map<number, Promise<void>>();
  alive = true;

  constructor(
    readonly socket: WebSocket,
    public identity: ClientIdentity,
    private readonly readEvents: EventReader,
    private readonly onFailure: (error: unknown) => void,
  ) {}

  get channels(): number[] {
    return [...this.cursors.keys()];
  }

  join(channelId: number, lastSeq: number): void {
    if (!this.cursors.has(channelId)) this.cursors.set(channelId, lastSeq);
  }

  leave(channelId: number): void {
    this.cursors.delete(channelId);
  }

  /** Sends the event in its place: after everything before it in the channel, exactly once. */
  receive(event: ChatEvent): void {
    this.enqueue(event.channel_id, async () => {
      const last = this.cursors.get(event.channel_id);
      if (last === undefined) return;
      if (event.type === 'channel.deleted') {
        this.send(event);
        this.cursors.delete(event.channel_id);
        return;
      }
      if (event.seq <= last) return;
      if (event.seq > last + 1) await this.fill(event.channel_id, event.seq);
      if ((this.cursors.get(event.channel_id) ?? event.seq) < event.seq) this.deliver(event);
    });
  }

  /** Sends whatever the log holds past this socket's cursor (after a reconnect or a lost notification). */
  catchUp(channelId: number): void {
    this.enqueue(channelId, () => this.fill(channelId, Number.MAX_SAFE_INTEGER));
  }

  private async fill(channelId: number, untilSeq: number): Promise<void> {
    for (;;) {
      const last = this.cursors.get(channelId);
      if (last === undefined || last + 1 >= untilSeq) return;
      const events = await this.readEvents(channelId, last, CATCH_UP_BATCH);
      for (const event of events) {
        if (event.seq >= untilSeq) return;
        this.deliver(event);
        if (!this.cursors.has(channelId)) return;
      }
      if (events.length < CATCH_UP_BATCH) return;
    }
  }

  private deliver(event: ChatEvent): void {
    this.cursors.set(event.channel_id, event.seq);
    this.send(event);
    metrics.chatEventsFannedOut(1);
    if (event.type === 'member.removed' && event.data.user_uid === this.identity.uid) {
      this.cursors.delete(event.channel_id);
    }
  }

  send(frame: object): void {
    if (this.socket.readyState !== this.socket.OPEN) return;
    this.socket.send(JSON.stringify(frame));
    if (this.socket.bufferedAmount > MAX_BUFFERED_BYTES) {
      metrics.chatSlowClientDropped();
      this.socket.close(CHAT_CLOSE.tooSlow, 'too slow');
    }
  }

  private enqueue(channelId: number, step: () => Promise<void>): void {
    const previous = this.queues.get(channelId) ?? Promise.resolve();
    const next = previous.then(step).catch(this.onFailure);
    this.queues.set(channelId, next);
    void next.then(() => {
      if (this.queues.get(channelId) === next) this.queues.delete(channelId);
    });
  }
}
