import type { Locale } from '@pult/contract';

/**
 * `@pult/web/texts`: the panel's translations as plain data (src/i18n/panel-texts.ts). Declared here so
 * that the server's type check reads this line, not the panel's sources and their bundler-style imports.
 */
export declare const panelTexts: Record<Locale, unknown>;
