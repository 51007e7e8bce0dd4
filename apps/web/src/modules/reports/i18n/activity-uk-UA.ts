import { reportTextsUk } from '@pult/contract';

/** Тексти фільтрів звітів «Сховище», «Помилки» й «Чат» поряд зі спільними текстами звітів. */
export const activityReportsUk = {
  storage: { ...reportTextsUk.storage, filters: { bucket: 'Бакет' } },
  errors: { ...reportTextsUk.errors, filters: { service: 'Сервіс' } },
  chat: { ...reportTextsUk.chat, filters: { type: 'Вид каналу' } },
};
