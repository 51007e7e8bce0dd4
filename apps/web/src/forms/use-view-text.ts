import { useCallback } from 'react';
import { useTranslation } from '../i18n/use-translation';
import type { ViewText } from './view-text';

/** Loose signature: ViewText keys are checked where they are built, params travel with them. */
type Translate = (key: string, options: Record<string, string>) => string;

/** Turns a ViewText into the string to show in the current language. */
export function useViewText(): (text: ViewText) => string {
  const { t } = useTranslation();
  return useCallback(
    (text: ViewText) => ('raw' in text ? text.raw : (t as unknown as Translate)(text.key, text.params ?? {})),
    [t],
  );
}
