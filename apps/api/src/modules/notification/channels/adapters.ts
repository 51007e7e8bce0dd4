import type { PushConfigWrite, SmsConfigWrite } from '@pult/contract';
import { apnsAdapter } from './apns.js';
import { snsAdapter } from './aws-sns.js';
import type { ChannelAdapter } from './channel-adapter.js';
import { fcmAdapter, parseServiceAccount } from './fcm.js';
import { configurationError } from './provider-error.js';
import { beamsAdapter } from './pusher-beams.js';
import { twilioAdapter } from './twilio.js';
import { vonageAdapter } from './vonage.js';

export type ClosableAdapter = ChannelAdapter & { close?: () => void };

const str = (value: unknown): string | undefined =>
  typeof value === 'string' && value !== '' ? value : undefined;

function required(value: string | null | undefined, what: string): string {
  if (!value) throw configurationError(`The configuration has no ${what}`);
  return value;
}

/** The adapter of an SMS configuration whose secrets have been opened (see `resolve`). */
export function smsAdapterFor(config: SmsConfigWrite): ClosableAdapter {
  const extra = config.config_json;
  const apiKey = required(config.api_key, 'API key');
  const apiSecret = required(config.api_secret, 'API secret');
  switch (config.provider) {
    case 'twilio':
      return twilioAdapter({
        accountSid: apiKey,
        authToken: apiSecret,
        from: config.from_number ?? null,
        ...(str(extra.messaging_service_sid)
          ? { messagingServiceSid: str(extra.messaging_service_sid) }
          : {}),
        ...(str(extra.base_url) ? { baseUrl: str(extra.base_url) } : {}),
      });
    case 'nexmo':
      return vonageAdapter({
        apiKey,
        apiSecret,
        from: config.from_number ?? null,
        ...(str(extra.base_url) ? { baseUrl: str(extra.base_url) } : {}),
      });
    case 'aws_sns':
      return snsAdapter({
        accessKeyId: apiKey,
        secretAccessKey: apiSecret,
        region: str(extra.region) ?? 'us-east-1',
        senderId: null,
        ...(str(extra.session_token) ? { sessionToken: str(extra.session_token) } : {}),
        ...(str(extra.base_url) ? { baseUrl: str(extra.base_url) } : {}),
        ...(extra.sms_type === 'Promotional' ? { smsType: 'Promotional' as const } : {}),
      });
  }
}

/** The adapter of a push configuration whose secrets have been opened. */
export function pushAdapterFor(config: PushConfigWrite): ClosableAdapter {
  const extra = config.config_json;
  const baseUrl = str(extra.base_url);
  switch (config.provider) {
    case 'fcm':
    case 'firebase': {
      const serviceAccount = parseServiceAccount(config.server_key ?? extra.service_account);
      return fcmAdapter({
        serviceAccount,
        projectId: required(config.app_id ?? serviceAccount.project_id, 'app ID (the Firebase project ID)'),
        ...(baseUrl ? { baseUrl } : {}),
        ...(str(extra.token_url) ? { tokenUrl: str(extra.token_url) } : {}),
      });
    }
    case 'apns':
      return apnsAdapter({
        privateKey: required(config.server_key ?? str(extra.private_key), 'server key (the .p8 key)'),
        keyId: required(str(extra.key_id), 'key_id'),
        teamId: required(str(extra.team_id), 'team_id'),
        topic: required(config.app_id, 'app ID (the bundle ID)'),
        ...(baseUrl ? { baseUrl } : {}),
      });
    case 'pusher':
      return beamsAdapter({
        instanceId: required(config.app_id, 'app ID (the Beams instance ID)'),
        secretKey: required(config.server_key, 'server key (the Beams secret key)'),
        ...(baseUrl ? { baseUrl } : {}),
      });
  }
}
