/** Server texts of the notification service (spread into `../messages.ts`). */
export const en = {
  templateNotFound: 'No such template',
  templateInactive: 'The template is not active',
  templateNotEmail: 'This template is not an e-mail template',
  translationsMissing: 'The template uses translations that do not exist: {keys}',
  variableNotScalar: 'Must be text, a number or true/false',
  recipientInvalid: 'An e-mail address or the uid of a platform user',
  recipientUnknown: 'No active platform user has this uid',
  templateProtected:
    'The platform sends this template: it cannot be deleted, renamed, deactivated or change its type',
  translationKeyTaken: 'This key already exists in the group',
  invalidGroup: 'Use letters, digits, dashes and underscores (1–100)',
  translationNotFound: 'Translation not found',
  smtpConfigNotFound: 'No such SMTP configuration',
  emailNotRetryable: 'Only a failed or cancelled e-mail can be retried',
  emailNotCancellable: 'Only a pending e-mail can be cancelled',
  emailBodyGone: 'The message body is no longer kept, so it cannot be sent again',
  emailsRetried: 'E-mails queued again: {count}',
} as const;

export const uk: Record<keyof typeof en, string> = {
  templateNotFound: 'Такого шаблону немає',
  templateInactive: 'Шаблон неактивний',
  templateNotEmail: 'Це не шаблон е-пошти',
  translationsMissing: 'Шаблон використовує переклади, яких немає: {keys}',
  variableNotScalar: 'Має бути текстом, числом або true/false',
  recipientInvalid: 'Адреса е-пошти або uid користувача платформи',
  recipientUnknown: 'Активного користувача платформи з таким uid немає',
  templateProtected:
    'Цей шаблон надсилає платформа: його не можна видалити, перейменувати, вимкнути чи змінити його тип',
  translationKeyTaken: 'Такий ключ у цій групі вже є',
  invalidGroup: 'Латинські літери, цифри, дефіси й підкреслення (1–100)',
  translationNotFound: 'Переклад не знайдено',
  smtpConfigNotFound: 'Такого налаштування SMTP немає',
  emailNotRetryable: 'Повторити можна лише невдалий або скасований лист',
  emailNotCancellable: 'Скасувати можна лише лист, що очікує',
  emailBodyGone: 'Текст листа вже не зберігається, тож надіслати його знову не можна',
  emailsRetried: 'Листів знову в черзі: {count}',
};
