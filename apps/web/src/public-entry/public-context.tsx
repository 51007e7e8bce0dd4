import type { Locale, TokenPair } from '@pult/contract';
import { createContext, useContext } from 'react';
import type { ViewText } from '../forms/view-text';
import type { PublicTranslations } from '../i18n/locales/public-uk-UA';
import type { PublicConfig } from './public-config';

/** What a public screen gets from its entry, in place of the panel's services, router and translator. */
export interface PublicServices {
  config: PublicConfig;
  locale: Locale;
  texts: PublicTranslations;
  /** A text by key, in the current language. */
  t: (key: string, params?: Record<string, string>) => string;
  /** A text a plain function decided on. */
  text: (view: ViewText) => string;
  changeLocale: (locale: Locale) => void;
  path: string;
  search: string;
  navigate: (to: string, options?: { replace?: boolean }) => void;
  /** Hands over to the panel, signed in with `tokens` (the sign-in's answer) or with the stored ones. */
  openPanel: (tokens?: TokenPair) => void;
}

const PublicContext = createContext<PublicServices | null>(null);

export const PublicProvider = PublicContext.Provider;

export function usePublic(): PublicServices {
  const services = useContext(PublicContext);
  if (!services) throw new Error('usePublic outside the public entry');
  return services;
}
