export { saveBlob } from './export/download-csv';
export {
  ImportChanges,
  ImportOutcome,
  ImportPreviewNotes,
  ImportRowsChoice,
  writesOf,
} from './import/import-report-parts';
export { ImportCountChips, RejectedRowsTable } from './import/import-report-tables';
export { useListReturnPath, useListReturnState } from './list-return';
export { ResourceTable, type ResourceTableProps } from './resource-table';
export { DeleteRowButton, EditRowLink, RowActionSpacer } from './row-actions';
export { type ResourceList, useResourceList } from './use-resource-list';
export { type TableState, useTableState } from './use-table-state';
