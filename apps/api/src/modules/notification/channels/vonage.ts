import type { ChannelAdapter } from './channel-adapter.js';
import {
  configurationError,
  httpError,
  joinUrl,
  ProviderError,
  providerFetch,
  readBody,
} from './provider-error.js';

export interface VonageSettings {
  apiKey: string;
  apiSecret: string;
  from: string | null;
  baseUrl?: string;
}

const VONAGE_API = 'https://rest.nexmo.com';
/** Statuses of the SMS API that are worth another try: 1 throttled, 5 internal error. */
const RETRYABLE_STATUSES = new Set(['1', '5']);

/**
 * Vonage (Nexmo) SMS API: `POST /sms/json` with api_key and api_secret in the form body. It answers
 * 200 even for a refused message: each message carries its own status ("0" is accepted).
 */
export function vonageAdapter(settings: VonageSettings): ChannelAdapter {
  const base = settings.baseUrl ?? VONAGE_API;
  return {
    describe: 'nexmo',
    async check() {
      // Basic auth rather than the query string: a secret in a URL ends up in proxies' logs.
      const basic = Buffer.from(`${settings.apiKey}:${settings.apiSecret}`).toString('base64');
      const response = await providerFetch('Vonage', joinUrl(base, '/account/get-balance'), {
        headers: { accept: 'application/json', authorization: `Basic ${basic}` },
      });
      const { json, text } = await readBody(response);
      if (!response.ok)
        throw httpError('Vonage', response.status, String(json?.['error-code-label'] ?? text));
      return `balance ${String(json?.value ?? '?')}`;
    },
    async send(to, message) {
      if (!settings.from) throw configurationError('Vonage: the configuration has no from number');
      const form = new URLSearchParams({
        api_key: settings.apiKey,
        api_secret: settings.apiSecret,
        // Vonage wants the number without the plus.
        from: settings.from.replace(/^\+/, ''),
        to: to.replace(/^\+/, ''),
        text: message.body,
        type: 'unicode',
      });
      const response = await providerFetch('Vonage', joinUrl(base, '/sms/json'), {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded', accept: 'application/json' },
        body: form.toString(),
      });
      const { json, text } = await readBody(response);
      if (!response.ok) throw httpError('Vonage', response.status, text, response.headers.get('retry-after'));
      const first = (json?.messages as Record<string, unknown>[] | undefined)?.[0];
      const status = String(first?.status ?? '');
      if (status === '0') return String(first?.['message-id'] ?? '');
      const detail = `Vonage status ${status}: ${String(first?.['error-text'] ?? text)}`;
      throw new ProviderError(detail, RETRYABLE_STATUSES.has(status));
    },
  };
}
