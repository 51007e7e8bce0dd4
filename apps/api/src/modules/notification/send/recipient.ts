import { DEFAULT_LOCALE, isLocale, isSigninEmail, type Locale, STATUS } from '@pult/contract';
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
