import type { Locale } from '@pult/contract';
import { enUS } from './locales/en-US';
import { ukUA } from './locales/uk-UA';

/**
 * The panel's texts as plain data, for the server's CSV export: its column labels and option names
 * are the panel's own, in the request's language. Exported as `@pult/web/texts` (see `texts.d.ts`).
 */
export const panelTexts: Record<Locale, unknown> = { 'uk-UA': ukUA, 'en-US': enUS };
