import { createContext, type ReactNode, useContext, useMemo, useSyncExternalStore } from 'react';
import type { I18n, TFunction } from './i18n';

const I18nContext = createContext<I18n | null>(null);

/** Hands the panel's translator (`createI18n`) to the screens below. */
export function I18nProvider({ i18n, children }: { i18n: I18n; children: ReactNode }) {
  return <I18nContext value={i18n}>{children}</I18nContext>;
}

/**
 * The current language's `t` and the translator itself. Re-renders the component after every language
 * switch: the translator's `t` is the snapshot, a new function per language, so React sees the change.
 */
export function useTranslation(): { t: TFunction; i18n: I18n } {
  const i18n = useContext(I18nContext);
  if (!i18n) throw new Error('useTranslation outside I18nProvider');
  const t = useSyncExternalStore(i18n.subscribe, () => i18n.t);
  return useMemo(() => ({ t, i18n }), [t, i18n]);
}
