import type { en } from './bulk-messages.js';

/** The Ukrainian texts, a module of their own so an English bundle does not carry them. */
export const uk: Record<keyof typeof en, string> = {
  bulkOwnAccount: 'власний обліковий запис',
  bulkNotRetryable: 'лист не має стану «помилка» чи «скасовано»',
  bulkNotCancellable: 'лист уже не чекає в черзі',
  bulkBodyGone: 'текст листа вже не зберігається',
  bulkGone: 'запису вже немає',
  bulkUnknownAction: 'Цей список не має такої дії',
  bulkSelection: 'Передайте або id рядків, або фільтр, що їх вибирає',
};
