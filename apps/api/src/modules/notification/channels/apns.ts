import http2 from 'node:http2';
import { importPKCS8, SignJWT } from 'jose';
import type { ChannelAdapter } from './channel-adapter.js';
import {
  configurationError,
  httpError,
  networkError,
  PROVIDER_TIMEOUT_MS,
  ProviderError,
} from './provider-error.js';

export interface ApnsSettings {
  /** The .p8 signing key (PKCS#8, P-256). */
  privateKey: string;
  keyId: string;
  teamId: string;
  /** The app's bundle id: the `apns-topic`. */
  topic: string;
  baseUrl?: string;
  now?: () => number;
}

const APNS_API = 'https://api.push.apple.com';
/** Apple refreshes provider tokens at most every 20 minutes and rejects ones older than an hour. */
const TOKEN_LIFETIME_MS = 50 * 60_000;
/** Reasons that mean the device token is gone for good: the device is forgotten. */
const GONE = new Set(['Unregistered', 'BadDeviceToken', 'DeviceTokenNotForTopic']);
/** A device token no device has: a check sends to it, and "BadDeviceToken" proves the key was accepted. */
const PROBE_TOKEN = '0'.repeat(64);

interface Answer {
  status: number;
  headers: http2.IncomingHttpHeaders;
  body: string;
}

/**
 * APNs over HTTP/2: `POST /3/device/{token}` with an ES256 provider token (`kid` = key id, `iss` =
 * team id) in `authorization: bearer`, `apns-topic`, `apns-push-type: alert`. One HTTP/2 session is
 * kept per configuration, as Apple asks.
 */
export function apnsAdapter(settings: ApnsSettings): ApnsAdapter {
  const now = settings.now ?? Date.now;
  const base = settings.baseUrl ?? APNS_API;
  let session: http2.ClientHttp2Session | undefined;
  let cached: { token: string; issuedAt: number } | undefined;

  async function providerToken(): Promise<string> {
    if (cached && now() - cached.issuedAt < TOKEN_LIFETIME_MS) return cached.token;
    let key: Awaited<ReturnType<typeof importPKCS8>>;
    try {
      key = await importPKCS8(settings.privateKey, 'ES256');
    } catch {
      throw configurationError('APNs: the key is not a .p8 (PKCS#8 P-256) key');
    }
    const issuedAt = now();
    const token = await new SignJWT({})
      .setProtectedHeader({ alg: 'ES256', kid: settings.keyId })
      .setIssuer(settings.teamId)
      .setIssuedAt(Math.floor(issuedAt / 1000))
      .sign(key);
    cached = { token, issuedAt };
    return token;
  }

  function connection(): http2.ClientHttp2Session {
    if (session && !session.closed && !session.destroyed) return session;
    const next = http2.connect(base);
    next.on('error', () => next.destroy());
    next.unref();
    session = next;
    return next;
  }

  async function post(deviceToken: string, payload: object): Promise<Answer> {
    const authorization = `bearer ${await providerToken()}`;
    return new Promise<Answer>((resolve, reject) => {
      let stream: http2.ClientHttp2Stream;
      try {
        stream = connection().request({
          ':method': 'POST',
          ':path': `/3/device/${encodeURIComponent(deviceToken)}`,
          authorization,
          'apns-topic': settings.topic,
          'apns-push-type': 'alert',
          'apns-priority': '10',
          'content-type': 'application/json',
        });
      } catch (error) {
        reject(networkError('APNs', error));
        return;
      }
      stream.setTimeout(PROVIDER_TIMEOUT_MS, () => {
        stream.close(http2.constants.NGHTTP2_CANCEL);
        reject(
          new ProviderError(`APNs: no answer within ${PROVIDER_TIMEOUT_MS / 1000} s`, true, {
            cause: 'network',
          }),
        );
      });
      let headers: http2.IncomingHttpHeaders = {};
      const chunks: Buffer[] = [];
      stream.on('response', (received) => {
        headers = received;
      });
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () =>
        resolve({
          status: Number(headers[':status'] ?? 0),
          headers,
          body: Buffer.concat(chunks).toString('utf8'),
        }),
      );
      stream.on('error', (error) => reject(networkError('APNs', error)));
      stream.end(JSON.stringify(payload));
    });
  }

  function failure(answer: Answer): ProviderError {
    let reason = answer.body;
    try {
      reason = String((JSON.parse(answer.body) as { reason?: string }).reason ?? answer.body);
    } catch {
      // Not JSON: the body as it came.
    }
    if (answer.status === 403 && reason === 'ExpiredProviderToken') cached = undefined;
    const retryAfter = answer.headers['retry-after'];
    return httpError(
      'APNs',
      answer.status,
      reason,
      typeof retryAfter === 'string' ? retryAfter : null,
      GONE.has(reason),
    );
  }

  return {
    describe: 'apns',
    async check() {
      const answer = await post(PROBE_TOKEN, { aps: { alert: { body: 'check' } } });
      const error = failure(answer);
      // Apple judges the provider token before the device token: BadDeviceToken means the key is good.
      if (answer.status === 400 && error.message.endsWith('BadDeviceToken'))
        return 'Provider token accepted (the probe device token was refused as expected)';
      if (answer.status === 200) return 'Provider token accepted';
      throw error;
    },
    async send(to, message) {
      const alert = { ...(message.title ? { title: message.title } : {}), body: message.body };
      const answer = await post(to, { aps: { alert, sound: 'default' } });
      if (answer.status === 200) return String(answer.headers['apns-id'] ?? '');
      throw failure(answer);
    },
    close() {
      session?.close();
      session = undefined;
    },
  };
}

export interface ApnsAdapter extends ChannelAdapter {
  close(): void;
}
