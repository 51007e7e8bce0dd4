import type { en } from './messages.js';

/** The Ukrainian texts, a module of their own so an English bundle does not carry them. */
export const uk: Record<keyof typeof en, string> = {
  accessDenied: 'Доступ заборонено: ви не можете виконати «{action}» для «{resource}»',
  fieldForbidden: 'Доступ заборонено: поле «{field}» тут вам недоступне',
  outOfScope: 'Доступ заборонено: запис вийшов би за межі того, що ви можете змінювати',
  grantResourceUnknown: 'Такого ресурсу немає',
  grantActionUnknown: 'Цей ресурс не має такої дії',
  grantFieldUnknown: 'Цей ресурс не має тут такого поля',
  grantWhereInvalid: 'Умова зіставляє полям оператори: eq, ne, in, gte, lte, null',
  grantOperatorInvalid: 'Цей оператор не застосовний до цього поля',
  grantValueInvalid: 'Значення не відповідає полю',
  grantFieldsNotApplicable: 'Ця дія не приймає переліку полів',
  grantWhereNotApplicable: 'Ця дія не приймає умови',
  grantNotHeld: 'Надавати можна лише те, що маєте самі: {resource} — {action}',
  groupNameInvalid:
    'Від 2 до 50 малих латинських літер, цифр, дефісів і підкреслень; на початку — літера або цифра',
  groupNotFound: 'Такої групи немає: {name}',
  groupHasMembers: 'У групі є учасники ({count}); спершу вилучіть їх із неї',
  groupBuiltin: 'Групу superadmin не можна перейменувати, звузити чи видалити',
  cannotChangeOwnGroups: 'Не можна змінювати власні групи',
  lastSuperadmin: 'Це останній активний учасник superadmin: спершу хтось інший має отримати цю роль',
};
