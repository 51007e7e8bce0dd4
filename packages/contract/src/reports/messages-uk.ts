import type { en } from './messages.js';

/** Тексти звітів українською. */
export const uk: Record<keyof typeof en, string> = {
  savedReportGroupTwice: 'Групу вказано двічі',
  savedReportGroupUnknown: 'Такої групи немає',
  reportPeriodMissing: 'Оберіть готовий період або обидві дати',
  reportPeriodTwice: 'Оберіть або готовий період, або дати, не обидва',
  reportPeriodReversed: 'Період не може закінчуватися раніше, ніж починається',
  reportPeriodTooLong: 'Звіт охоплює щонайбільше 731 день (два роки)',
  timeZoneInvalid: 'Невідомий часовий пояс: вкажіть назву IANA, наприклад Europe/Kyiv',
  scheduleRecipientsMissing: 'Оберіть хоча б одного одержувача',
  scheduleRecipientTwice: 'Одержувача обрано двічі',
  scheduleRecipientUnknown: 'Такого активного адміністратора немає',
  scheduleSavedReportUnknown: 'Такого збереженого звіту немає',
};
