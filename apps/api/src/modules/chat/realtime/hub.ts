import type { ChatEvent } from '@pult/contract';
import { metrics } from '../../../metrics/metrics.js';
import type { EventSink } from '../service/event-log.js';
import type { SocketClient } from './socket-client.js';

/**
 * This process's sockets by channel and by user. Events reach it once per process (from the commit
 * on PGlite, from LISTEN on PostgreSQL) and it hands each to the sockets of that channel's members.
 */
export function createHub(viaNotify: boolean) {
  const byChannel = new Map<number, Set<SocketClient>>();
  const byUser = new Map<string, Set<SocketClient>>();

  const addTo = <K>(index: Map<K, Set<SocketClient>>, key: K, client: SocketClient) => {
    const set = index.get(key) ?? new Set<SocketClient>();
    set.add(client);
    index.set(key, set);
  };
  const removeFrom = <K>(index: Map<K, Set<SocketClient>>, key: K, client: SocketClient) => {
    const set = index.get(key);
    if (!set) return;
    set.delete(client);
    if (set.size === 0) index.delete(key);
  };

  function subscribe(client: SocketClient, channelId: number, lastSeq: number) {
    client.join(channelId, lastSeq);
    addTo(byChannel, channelId, client);
  }

  function deliverOne(event: ChatEvent) {
    const subject = typeof event.data.user_uid === 'string' ? event.data.user_uid : undefined;
    // A new member's sockets start listening to the channel with this very event.
    if (event.type === 'member.added' && subject) {
      for (const client of byUser.get(subject) ?? []) subscribe(client, event.channel_id, event.seq - 1);
    }
    for (const client of byChannel.get(event.channel_id) ?? []) client.receive(event);
    if ((event.type === 'member.removed' && subject) || event.type === 'channel.deleted') {
      const leaving =
        event.type === 'channel.deleted' ? byChannel.get(event.channel_id) : byUser.get(subject ?? '');
      for (const client of [...(leaving ?? [])]) removeFrom(byChannel, event.channel_id, client);
    }
  }

  const sink: EventSink = {
    viaNotify,
    deliver(events) {
      for (const event of events) deliverOne(event);
    },
  };

  return {
    sink,
    add(client: SocketClient) {
      addTo(byUser, client.identity.uid, client);
      metrics.chatSocketOpened();
    },
    subscribe,
    remove(client: SocketClient) {
      metrics.chatSocketClosed();
      removeFrom(byUser, client.identity.uid, client);
      for (const channelId of client.channels) removeFrom(byChannel, channelId, client);
    },
    clients(): SocketClient[] {
      return [...byUser.values()].flatMap((set) => [...set]);
    },
    /** After a lost LISTEN connection: every socket reads what it may have missed from the log. */
    catchUpAll() {
      for (const client of this.clients()) for (const channelId of client.channels) client.catchUp(channelId);
    },
  };
}

export type Hub = ReturnType<typeof createHub>;
