/** Texts of live changes (lists and forms following other administrators' changes). */
export const liveUk = {
  list: {
    newRecords: 'Нові записи: {{count}} — показати',
    newAnnounce: 'Нові записи: {{count}}',
    changed: 'Список змінився — показати',
    changedAnnounce: 'Список змінився',
    deleted: 'Видалено',
  },
  form: {
    changedBy: 'Запис змінив адміністратор {{name}} о {{time}}.',
    changedByAnother: 'Запис змінив інший адміністратор о {{time}}.',
    deletedBy: 'Запис видалив адміністратор {{name}} о {{time}}.',
    deletedByAnother: 'Запис видалив інший адміністратор о {{time}}.',
    reload: 'Перезавантажити',
    compare: 'Порівняти',
    reloadTitle: 'Перезавантажити запис?',
    reloadText: 'Ваші незбережені зміни в цій формі буде втрачено.',
    reloadConfirm: 'Перезавантажити',
    reloaded: 'Форма показує запис таким, яким він є зараз.',
    nothingDiffers: 'Поля форми вже збігаються із записом. Можна зберігати.',
    readFailed: 'Не вдалося прочитати запис. Спробуйте ще раз.',
  },
};

export type LiveTexts = typeof liveUk;
