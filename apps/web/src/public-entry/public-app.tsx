import type { Locale, TokenPair } from '@pult/contract';
import { useEffect, useMemo, useState } from 'react';
import { storeLocale } from '../i18n/language-storage';
import type { PublicTranslations } from '../i18n/locales/public-uk-UA';
import { translate } from '../i18n/translate';
import { ChangePasswordPage } from '../modules/auth/change-password-page';
import { RecoverPasswordPage } from '../modules/auth/recover-password-page';
import { SigninPage } from '../modules/auth/signin-page';
import { followOtherTabs } from './hand-over';
import type { PublicConfig } from './public-config';
import { PublicProvider, type PublicServices } from './public-context';
import { usePublicLocation } from './public-location';
import { loadPublicTexts, viewText } from './public-texts';

export interface PublicAppProps {
  config: PublicConfig;
  locale: Locale;
  texts: PublicTranslations;
  openPanel: (tokens?: TokenPair) => void;
}

const PAGES = {
  '/recover-password': RecoverPasswordPage,
  '/change-password': ChangePasswordPage,
} as const;

/** The public screens: one of three pages by path, in the chosen language. */
export function PublicApp({ config, openPanel, ...initial }: PublicAppProps) {
  const [language, setLanguage] = useState({ locale: initial.locale, texts: initial.texts });
  const { path, search, navigate } = usePublicLocation();
  const page = path.length > 1 ? path.replace(/\/+$/, '') : path;

  useEffect(() => {
    document.documentElement.lang = language.locale;
    document.title = language.texts.app.name;
  }, [language]);

  // The sign-in screen follows a sign-in in another tab, as the panel's did.
  useEffect(() => (page === '/' ? followOtherTabs(() => openPanel()) : undefined), [page, openPanel]);

  const services = useMemo<PublicServices>(
    () => ({
      config,
      locale: language.locale,
      texts: language.texts,
      t: (key, params) => translate(language.texts, key, params),
      text: (view) => viewText(language.texts, view),
      changeLocale: (locale) => {
        storeLocale(window.localStorage, locale);
        // The current language stays on screen until the other one's texts have arrived.
        void loadPublicTexts(locale).then((texts) => setLanguage({ locale, texts }));
      },
      path: page,
      search,
      navigate,
      openPanel,
    }),
    [config, language, page, search, navigate, openPanel],
  );

  const Page = page in PAGES ? PAGES[page as keyof typeof PAGES] : SigninPage;
  return (
    <PublicProvider value={services}>
      <Page />
    </PublicProvider>
  );
}
