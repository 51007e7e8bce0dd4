import type { ChannelAdapter } from './channel-adapter.js';
import { configurationError, httpError, joinUrl, providerFetch, readBody } from './provider-error.js';

export interface TwilioSettings {
  accountSid: string;
  authToken: string;
  from: string | null;
  messagingServiceSid?: string;
  baseUrl?: string;
}

/** Twilio's errors that mean the number itself is wrong: never worth another try. */
const TWILIO_API = 'https://api.twilio.com';

/**
 * Twilio Programmable Messaging: `POST /2010-04-01/Accounts/{AccountSid}/Messages.json`, HTTP basic
 * auth (Account SID : Auth Token), a form body (To, From or MessagingServiceSid, Body).
 */
export function twilioAdapter(settings: TwilioSettings): ChannelAdapter {
  const base = settings.baseUrl ?? TWILIO_API;
  const account = `/2010-04-01/Accounts/${encodeURIComponent(settings.accountSid)}`;
  const authorization = `Basic ${Buffer.from(`${settings.accountSid}:${settings.authToken}`).toString('base64')}`;

  async function call(method: 'GET' | 'POST', path: string, form?: URLSearchParams) {
    const response = await providerFetch('Twilio', joinUrl(base, `${account}${path}`), {
      method,
      headers: {
        authorization,
        accept: 'application/json',
        ...(form ? { 'content-type': 'application/x-www-form-urlencoded' } : {}),
      },
      ...(form ? { body: form.toString() } : {}),
    });
    const { json, text } = await readBody(response);
    if (!response.ok) {
      const detail = json?.message
        ? `${String(json.message)}${json.code ? ` (${String(json.code)})` : ''}`
        : text;
      throw httpError('Twilio', response.status, detail, response.headers.get('retry-after'));
    }
    return json ?? {};
  }

  return {
    describe: 'twilio',
    async check() {
      const account = await call('GET', '.json');
      return `${String(account.friendly_name ?? settings.accountSid)}: ${String(account.status ?? 'ok')}`;
    },
    async send(to, message) {
      const form = new URLSearchParams({ To: to, Body: message.body });
      if (settings.messagingServiceSid) form.set('MessagingServiceSid', settings.messagingServiceSid);
      else if (settings.from) form.set('From', settings.from);
      else throw configurationError('Twilio: the configuration has no from number');
      const sent = await call('POST', '/Messages.json', form);
      return String(sent.sid ?? '');
    },
  };
}
