/** Texts of the record-conflict dialog (`form.conflict`): a save refused because the record changed. */
export const recordConflictUk = {
  title: 'Запис змінив хтось інший',
  intro: 'Поки ви редагували, запис збережено з іншими значеннями. Нічого з набраного вами не втрачено.',
  changedBy: 'Змінив {{admin}} {{time}}.',
  changedAt: 'Змінено {{time}}.',
  field: 'Поле',
  yours: 'Ваше',
  theirs: 'Зараз у записі',
  base: 'Коли ви відкрили',
  clash: 'Змінено обома',
  empty: 'порожньо',
  pickHint: 'Виберіть для кожного поля, яке значення залишити, і збережіть знову.',
  keepMine: 'Залишити все моє',
  takeTheirs: 'Взяти все їхнє',
  apply: 'Застосувати вибране',
  later: 'Не зараз',
  applied: 'Значення у формі оновлено. Перевірте їх і збережіть.',
};
