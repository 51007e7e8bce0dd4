/** Texts of the table's tools (export, bulk actions), kept apart from the table's own texts. */
export const tableToolsUk = {
  export: {
    button: 'Експорт CSV',
    hint: 'Усі записи за поточними фільтрами й сортуванням',
    progress: 'Експорт: {{rows}} з {{total}}',
    progressUnknown: 'Експортовано рядків: {{rows}}',
    cancel: 'Скасувати експорт',
    done: 'Файл {{file}} збережено, рядків: {{rows}}',
    failed: 'Не вдалося експортувати список. Спробуйте ще раз.',
  },
  cards: {
    sortBy: 'Сортувати за',
    ascending: 'За зростанням — змінити на спадання',
    descending: 'За спаданням — змінити на зростання',
    filters: 'Фільтри',
    filtersActive: 'Фільтри ({{count}})',
    pageOf: 'Сторінка {{page}} з {{count}}',
    pageOfAbout: 'Сторінка {{page}}',
  },
  bulk: {
    selectRow: 'Вибрати рядок {{id}}',
    selectPage: 'Вибрати всі рядки на сторінці',
    selected: 'Вибрано: {{count}}',
    allSelected: 'Вибрано всі {{count}}, що відповідають фільтру',
    selectAll: 'Вибрати всі {{count}}, що відповідають фільтру',
    clear: 'Зняти вибір',
    actionsLabel: 'Дії з вибраними',
    confirmTitle: '{{action}}',
    confirmText:
      'Дію буде застосовано до записів: {{count}}. Кожен запис перевіряється за тими самими правилами, що й поодинці.',
    confirmValue: 'Нове значення: {{value}}.',
    confirm: 'Застосувати до {{count}}',
    running: 'Оброблено {{done}} з {{count}}',
    summary: 'Оновлено: {{updated}}',
    skipped: 'пропущено {{count}}: {{reason}}',
    failed: 'Дію перервано після {{done}} оброблених записів. Спробуйте ще раз.',
    actions: {
      setStatus: 'Змінити статус',
      delete: 'Видалити',
      retry: 'Надіслати повторно',
      cancel: 'Скасувати надсилання',
      resolve: 'Позначити вирішеними',
      reopen: 'Відкрити знову',
    },
  },
};

export type TableToolsTexts = typeof tableToolsUk;
