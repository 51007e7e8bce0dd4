import type { ChannelAdapter } from './channel-adapter.js';
import { httpError, joinUrl, providerFetch, readBody } from './provider-error.js';

export interface BeamsSettings {
  instanceId: string;
  secretKey: string;
  baseUrl?: string;
}

/** A Beams interest no device subscribes to: a check publishes to it to prove the secret key. */
const CHECK_INTEREST = 'pult-connection-check';

/**
 * Pusher Beams Publish API: `POST /publish_api/v1/instances/{instance}/publishes/users` (or
 * `/interests`) with `Authorization: Bearer <secret key>`. `to` is the Beams user id the platform's
 * apps authenticate as (the user's uid), so one publish reaches all their devices.
 */
export function beamsAdapter(settings: BeamsSettings): ChannelAdapter {
  const base = settings.baseUrl ?? `https://${settings.instanceId}.pushnotifications.pusher.com`;

  async function publish(target: 'users' | 'interests', body: object): Promise<string> {
    const url = joinUrl(
      base,
      `/publish_api/v1/instances/${encodeURIComponent(settings.instanceId)}/publishes/${target}`,
    );
    const response = await providerFetch('Pusher Beams', url, {
      method: 'POST',
      headers: { authorization: `Bearer ${settings.secretKey}`, 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
    const { json, text } = await readBody(response);
    if (!response.ok) {
      const detail = json?.description ? `${String(json.error)}: ${String(json.description)}` : text;
      throw httpError('Pusher Beams', response.status, detail, response.headers.get('retry-after'));
    }
    return String(json?.publishId ?? '');
  }

  const payload = (title: string | null, body: string) => {
    const notification = { ...(title ? { title } : {}), body };
    return { apns: { aps: { alert: notification } }, fcm: { notification }, web: { notification } };
  };

  return {
    describe: 'pusher',
    async check() {
      const id = await publish('interests', { interests: [CHECK_INTEREST], ...payload(null, 'check') });
      return `Publish accepted (${id})`;
    },
    send: (to, message) => publish('users', { users: [to], ...payload(message.title, message.body) }),
  };
}
