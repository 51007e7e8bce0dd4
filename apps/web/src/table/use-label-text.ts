import { useCallback } from 'react';
import { useTranslation } from '../i18n/use-translation';

type LooseTranslate = (key: string) => string;

/**
 * Translates the i18n keys that descriptors carry as plain strings (field and option labels). They are
 * checked by the contract's tests rather than by the type of `t`, so the typed `t` is loosened here.
 */
export function useLabelText(): (key: string) => string {
  const { t } = useTranslation();
  return useCallback((key: string) => (t as unknown as LooseTranslate)(key), [t]);
}
