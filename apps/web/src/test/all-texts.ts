import type { PanelTexts } from '../i18n/i18n';
import { enUS } from '../i18n/locales/en-US';
import { ukUA } from '../i18n/locales/uk-UA';

/** Both languages at hand, so a test builds i18n synchronously and can switch without a download. */
export const ALL_TEXTS: PanelTexts = { 'uk-UA': ukUA, 'en-US': enUS };
