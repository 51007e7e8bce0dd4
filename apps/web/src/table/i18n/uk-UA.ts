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
};

export type TableToolsTexts = typeof tableToolsUk;
