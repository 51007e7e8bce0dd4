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
  cards: {
    sortBy: 'Sort by',
    ascending: 'Ascending — change to descending',
    descending: 'Descending — change to ascending',
    filters: 'Filters',
    filtersActive: 'Filters ({{count}})',
    pageOf: 'Page {{page}} of {{count}}',
    pageOfAbout: 'Page {{page}}',
  },
  bulk: {
    selectRow: 'Select row {{id}}',
    selectPage: 'Select all rows on this page',
    selected: 'Selected: {{count}}',
    allSelected: 'All {{count}} matching the filter are selected',
    selectAll: 'Select all {{count}} matching the filter',
    clear: 'Clear selection',
    actionsLabel: 'Actions on the selected rows',
    confirmTitle: '{{action}}',
    confirmText:
      'The action applies to {{count}} records. Each record is checked by the same rules as on its own.',
    confirmValue: 'New value: {{value}}.',
    confirm: 'Apply to {{count}}',
    running: 'Processed {{done}} of {{count}}',
    summary: '{{updated}} updated',
    skipped: '{{count}} skipped: {{reason}}',
    failed: 'The action stopped after {{done}} records. Please try again.',
    actions: {
      setStatus: 'Change status',
      delete: 'Delete',
      retry: 'Retry',
      cancel: 'Cancel sending',
      resolve: 'Mark resolved',
      reopen: 'Reopen',
    },
  },
};
