import { importPKCS8, SignJWT } from 'jose';
import type { ChannelAdapter } from './channel-adapter.js';
import { configurationError, httpError, joinUrl, providerFetch, readBody } from './provider-error.js';

export interface ServiceAccount {
  client_email: string;
  private_key: string;
  token_uri?: string;
  project_id?: string;
}

export interface FcmSettings {
  serviceAccount: ServiceAccount;
  projectId: string;
  baseUrl?: string;
  tokenUrl?: string;
  now?: () => number;
}

const FCM_API = 'https://fcm.googleapis.com';
const GOOGLE_TOKEN_URL = 'https://oauth2.googleapis.com/token';
const FCM_SCOPE = 'https://www.googleapis.com/auth/firebase.messaging';
/** FCM v1 error codes that mean the token is gone for good: the device is forgotten. */
const GONE = new Set(['UNREGISTERED']);

/** The service-account JSON as pasted (a string) or given as an object; a clear error otherwise. */
export function parseServiceAccount(value: unknown): ServiceAccount {
  const parsed = typeof value === 'string' ? safeJson(value) : value;
  const account = parsed as Partial<ServiceAccount> | undefined;
  if (!account || typeof account.client_email !== 'string' || typeof account.private_key !== 'string') {
    throw configurationError('FCM: the service-account JSON needs client_email and private_key');
  }
  return account as ServiceAccount;
}

function safeJson(text: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
}

/**
 * FCM HTTP v1: an OAuth2 access token from a service-account JWT (RS256, the firebase.messaging
 * scope) exchanged at the token URL, then `POST /v1/projects/{project}/messages:send` with it.
 * The access token is kept until a minute before it expires.
 */
export function fcmAdapter(settings: FcmSettings): ChannelAdapter {
  const now = settings.now ?? Date.now;
  const tokenUrl = settings.tokenUrl ?? settings.serviceAccount.token_uri ?? GOOGLE_TOKEN_URL;
  const base = settings.baseUrl ?? FCM_API;
  let cached: { token: string; expiresAt: number } | undefined;
  let pending: Promise<string> | undefined;

  /** One token request at a time: concurrent sends wait for the same one. */
  function accessToken(): Promise<string> {
    if (cached && cached.expiresAt > now() + 60_000) return Promise.resolve(cached.token);
    pending ??= fetchAccessToken().finally(() => {
      pending = undefined;
    });
    return pending;
  }

  async function fetchAccessToken(): Promise<string> {
    let key: Awaited<ReturnType<typeof importPKCS8>>;
    try {
      key = await importPKCS8(settings.serviceAccount.private_key, 'RS256');
    } catch {
      throw configurationError('FCM: the service account’s private_key is not a PKCS#8 RSA key');
    }
    const issuedAt = Math.floor(now() / 1000);
    const assertion = await new SignJWT({ scope: FCM_SCOPE })
      .setProtectedHeader({ alg: 'RS256', typ: 'JWT' })
      .setIssuer(settings.serviceAccount.client_email)
      .setAudience(tokenUrl)
      .setIssuedAt(issuedAt)
      .setExpirationTime(issuedAt + 3600)
      .sign(key);
    const response = await providerFetch('FCM OAuth', tokenUrl, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({
        grant_type: 'urn:ietf:params:oauth:grant-type:jwt-bearer',
        assertion,
      }).toString(),
    });
    const { json, text } = await readBody(response);
    if (!response.ok || typeof json?.access_token !== 'string') {
      const detail = json?.error_description ?? json?.error ?? text;
      throw httpError('FCM OAuth', response.status, String(detail), response.headers.get('retry-after'));
    }
    const lifetime = typeof json.expires_in === 'number' ? json.expires_in : 3600;
    cached = { token: json.access_token, expiresAt: now() + lifetime * 1000 };
    return cached.token;
  }

  return {
    describe: 'fcm',
    async check() {
      await accessToken();
      return `OAuth access token issued for ${settings.serviceAccount.client_email}`;
    },
    async send(to, message) {
      const token = await accessToken();
      const url = joinUrl(base, `/v1/projects/${encodeURIComponent(settings.projectId)}/messages:send`);
      const response = await providerFetch('FCM', url, {
        method: 'POST',
        headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
        body: JSON.stringify({
          message: {
            token: to,
            notification: { ...(message.title ? { title: message.title } : {}), body: message.body },
          },
        }),
      });
      const { json, text } = await readBody(response);
      if (response.ok) return String(json?.name ?? '');
      if (response.status === 401) cached = undefined;
      const error = json?.error as
        | { message?: string; status?: string; details?: { errorCode?: string }[] }
        | undefined;
      const code = error?.details?.find((detail) => detail.errorCode)?.errorCode ?? error?.status;
      const detail = error?.message ? `${error.message}${code ? ` (${code})` : ''}` : text;
      throw httpError(
        'FCM',
        response.status,
        detail,
        response.headers.get('retry-after'),
        GONE.has(code ?? ''),
      );
    },
  };
}
