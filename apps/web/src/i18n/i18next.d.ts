import 'i18next';
import type { Translations } from './locales/uk-UA';

/** Makes `t('some.key')` type-checked against the Ukrainian resource. */
declare module 'i18next' {
  interface CustomTypeOptions {
    defaultNS: 'translation';
    resources: { translation: Translations };
  }
}
