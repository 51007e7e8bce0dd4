import type { Locale } from '@pult/contract';
import { type LocaleOption, parseAvailableLocales } from '../i18n/available-locales';

/** The languages the server offers, labelled in `locale`; null when it cannot say (the built-in stay). */
export async function fetchLocaleOptions(
  authServiceUrl: string,
  locale: Locale,
): Promise<readonly LocaleOption[] | null> {
  try {
    const response = await fetch(`${authServiceUrl}/admin/settings?translate=true`, {
      headers: { Accept: 'application/json', Lang: locale, 'X-Requested-With': 'XMLHttpRequest' },
    });
    return response.ok ? parseAvailableLocales(await response.json()) : null;
  } catch {
    return null;
  }
}
