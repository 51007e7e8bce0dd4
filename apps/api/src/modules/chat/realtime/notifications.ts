import type { ChatEvent } from '@pult/contract';
import type { FastifyBaseLogger } from 'fastify';
import type { Hub } from './hub.js';

/**
 * A chat event from LISTEN: delivered as it came, or, when it was too large for NOTIFY (only its
 * channel and number came), read from the log by the sockets of that channel.
 */
export function receiveNotification(hub: Hub, payload: string, logger: FastifyBaseLogger): void {
  try {
    const parsed = JSON.parse(payload) as ChatEvent & { ref?: boolean };
    if (!parsed.ref) {
      hub.sink.deliver([parsed]);
      return;
    }
    for (const client of hub.clients())
      if (client.cursors.has(parsed.channel_id)) client.catchUp(parsed.channel_id);
  } catch (error) {
    logger.warn({ err: error }, 'Unreadable chat notification');
  }
}
