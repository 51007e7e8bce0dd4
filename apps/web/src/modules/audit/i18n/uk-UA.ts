import { reportTextsUk } from '@pult/contract';

/** Texts of the audit log in Ukrainian: the shape `en-US.ts` follows. */
export const auditUk = {
  fields: {
    admin_email: 'Адміністратор',
    action: 'Дія',
    resource: 'Ресурс',
    record_id: 'ID запису',
    ip: 'IP-адреса',
    user_agent: 'Клієнт (User-Agent)',
    created_at: 'Час',
  },
  actions: reportTextsUk.administrators.keys.byAction,
  view: 'Переглянути запис журналу {{id}}',
  history: 'Історія змін',
  recordHistory: 'Історія запису {{resource}} #{{id}}',
  showAll: 'Увесь журнал',
  appendOnly: 'Журнал лише доповнюється: записи не можна змінити чи видалити.',
  detail: {
    title: 'Запис журналу №{{id}}',
    changes: 'Зміни',
    field: 'Поле',
    before: 'Було',
    after: 'Стало',
    secret: 'змінено (значення приховано)',
    empty: 'порожньо',
    noChanges: 'Ця дія не змінювала полів запису.',
    details: 'Подробиці',
    openRecord: 'Історія цього запису',
  },
};
