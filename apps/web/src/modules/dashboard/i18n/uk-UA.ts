/** The dashboard's figures in Ukrainian: the shape `en-US.ts` follows. Cards are keyed by their ids. */
export const dashboardFiguresUk = {
  title: 'Показники',
  failed: 'Не вдалося завантажити показник.',
  indexFailed: 'Не вдалося завантажити показники.',
  retry: 'Спробувати ще раз',
  openList: 'Відкрити список',
  last30: 'За 30 днів: {{total}}',
  chartHint: 'Натисніть на стовпчик, щоб відкрити записи цього дня.',
  dayLink: '{{series}}, {{day}}: {{value}}',
  cards: {
    auth: {
      usersByStatus: {
        title: 'Користувачі за статусом',
        keys: {
          '0': 'Не активовані',
          '1': 'Активні',
          '2': 'Заблоковані',
          '3': 'Забанені',
          '4': 'Вимкнені',
          '10': 'Видалені',
        },
      },
      newUsers: { title: 'Нові користувачі за день', keys: { users: 'Нові користувачі' } },
      adminsOnline: { title: 'Адміністратори в системі зараз', keys: {} },
    },
    notification: {
      queueByStatus: {
        title: 'Черга листів за статусом',
        keys: {
          pending: 'Очікують',
          processing: 'Надсилаються',
          sent: 'Надіслані',
          failed: 'Невдалі',
          cancelled: 'Скасовані',
        },
      },
      sentFailed: {
        title: 'Надіслані й невдалі листи за день',
        keys: { sent: 'Надіслані', failed: 'Невдалі' },
      },
    },
    storage: {
      bytesByBucket: { title: 'Зайнято в бакетах', keys: {} },
      filesPerDay: { title: 'Нові файли за день', keys: { count: 'Файли' } },
      errorsPerDay: { title: 'Помилки за день', keys: { count: 'Помилки' } },
      openErrorGroups: { title: 'Відкриті групи помилок', keys: {} },
    },
  },
};
