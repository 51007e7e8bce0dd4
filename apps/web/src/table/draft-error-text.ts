import type { MessageKey } from '@pult/contract';
import type { TFunction } from '../i18n/i18n';

/**
 * Why a typed filter is not applied, and what the table still shows instead: a mistyped value never
 * silently leaves the previous filter in force.
 */
export function draftErrorText(t: TFunction, error: MessageKey, applied: string): string {
  const why = t(`errors.${error}`);
  return applied === '' ? why : `${why} ${t('table.previousFilterApplies', { value: applied })}`;
}
