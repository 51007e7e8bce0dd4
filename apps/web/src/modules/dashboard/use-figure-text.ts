import type { TextKey } from '../../forms/view-text';
import { useTranslation } from '../../i18n/use-translation';

/**
 * Texts of a card by its id (`dashboard.figures.cards.<id>.…`). A card of a module whose texts the
 * panel does not have yet shows its id, and a key without a text (a bucket's name) shows as it is.
 */
export function useFigureText(id: string) {
  const { t } = useTranslation();
  const base = `dashboard.figures.cards.${id}`;
  return {
    title: t(`${base}.title` as TextKey, { defaultValue: id }),
    label: (key: string) => t(`${base}.keys.${key}` as TextKey, { defaultValue: key }),
  };
}
