/** Profile → where the administrator is signed in. */
export const profileSessionsUk = {
  title: 'Де ви увійшли',
  intro: 'Відкриті входи в панель. Завершіть той, якого не впізнаєте, і змініть пароль.',
  current: 'Цей пристрій',
  unknownDevice: 'Невідомий браузер',
  lastSeen: 'востаннє {{at}}',
  since: 'вхід {{at}}',
  withFactor: 'з другим фактором',
  passwordOnly: 'лише пароль',
  end: 'Завершити',
  endOne: 'Завершити вхід: {{device}}',
  endOthers: 'Вийти на всіх інших пристроях',
  ended_one: 'Завершено {{count}} вхід',
  ended_few: 'Завершено {{count}} входи',
  ended_many: 'Завершено {{count}} входів',
  ended_other: 'Завершено {{count}} входу',
};
