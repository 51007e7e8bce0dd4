import type { TableToolsTexts } from './uk-UA';

export const tableToolsEn: TableToolsTexts = {
  export: {
    button: 'Export CSV',
    hint: 'All records in the current filters and sort',
    progress: 'Exporting: {{rows}} of {{total}}',
    progressUnknown: 'Rows exported: {{rows}}',
    cancel: 'Cancel export',
    done: 'Saved {{file}}, rows: {{rows}}',
    failed: 'Could not export the list. Please try again.',
  },
};
