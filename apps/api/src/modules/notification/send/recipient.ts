import {
  DEFAULT_LOCALE,
  isE164,
  isLocale,
  isSigninEmail,
  type Locale,
  STATUS,
  type TemplateType,
} from '@pult/contract';
import type { Db } from '../../../db/database.js';
import { errors } from '../../../http/app-error.js';
import type { AuthApi } from '../../auth/index.js';
import { isUid } from '../../auth/index.js';

export interface Recipient {
  email: string;
  language: Locale;
}

/**
 * `to` as given: an e-mail address, or a platform user's uid (their e-mail, and their language unless
 * the request names one). A deleted user is no recipient.
 */
export async function resolveRecipient(
  directory: AuthApi['directory'],
  to: string,
  language: Locale | undefined,
): Promise<Recipient> {
  if (isUid(to)) {
    const user = await directory.byUid(to);
    if (!user || user.status === STATUS.deleted) throw errors.fields({ to: 'recipientUnknown' });
    return {
      email: user.email,
      language: language ?? (isLocale(user.language) ? user.language : DEFAULT_LOCALE),
    };
  }
  if (!isSigninEmail(to)) throw errors.fields({ to: 'recipientInvalid' });
  return { email: to, language: language ?? DEFAULT_LOCALE };
}

export interface ChannelRecipients {
  /** One address, one number, or every registered device of a user. */
  to: string[];
  language: Locale;
}

/** Printable ASCII without spaces or `@`: an e-mail address is not mistaken for a device token. */
const DEVICE_TOKEN = /^[\x21-\x3f\x41-\x7e]{8,4096}$/;

/**
 * `to` for the template's channel: an e-mail address, an E.164 number, a device token, or a user's
 * uid (their e-mail, their phone, their registered devices; with Pusher Beams the uid itself, which
 * the apps sign in to Beams as).
 */
export async function resolveChannelRecipients(
  deps: { directory: AuthApi['directory']; db: Db; pushProvider: () => Promise<string | undefined> },
  type: TemplateType,
  to: string,
  language: Locale | undefined,
): Promise<ChannelRecipients> {
  if (type === 'email') {
    const recipient = await resolveRecipient(deps.directory, to, language);
    return { to: [recipient.email], language: recipient.language };
  }
  if (isUid(to)) {
    const user = await deps.directory.byUid(to);
    if (!user || user.status === STATUS.deleted) throw errors.fields({ to: 'recipientUnknown' });
    const userLanguage = language ?? (isLocale(user.language) ? user.language : DEFAULT_LOCALE);
    if (type === 'sms') {
      const phone = (user.phone ?? '').replace(/[\s()-]/g, '');
      if (!isE164(phone)) throw errors.fields({ to: 'recipientNoPhone' });
      return { to: [phone], language: userLanguage };
    }
    if ((await deps.pushProvider()) === 'pusher') return { to: [user.uid], language: userLanguage };
    const devices = await deps.db
      .selectFrom('notification_devices')
      .select('token')
      .where('user_id', '=', user.id)
      .orderBy('id')
      .execute();
    if (devices.length === 0) throw errors.fields({ to: 'recipientNoDevices' });
    return { to: devices.map((device) => device.token), language: userLanguage };
  }
  if (type === 'sms' && !isE164(to)) throw errors.fields({ to: 'recipientInvalidPhone' });
  if (type === 'push' && !DEVICE_TOKEN.test(to)) throw errors.fields({ to: 'recipientInvalidToken' });
  return { to: [to], language: language ?? DEFAULT_LOCALE };
}
