import FilterAltOffIcon from '@mui/icons-material/FilterAltOff';
import RefreshIcon from '@mui/icons-material/Refresh';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import IconButton from '@mui/material/IconButton';
import LinearProgress from '@mui/material/LinearProgress';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import type { SxProps, Theme } from '@mui/material/styles';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import TableSortLabel from '@mui/material/TableSortLabel';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import { type FieldDescriptor, pageCountOf, type ResourceDescriptor } from '@pult/contract';
import { type ReactNode, useMemo } from 'react';
import { usePermissions } from '../access/use-permissions';
import { useTranslation } from '../i18n/use-translation';
import type { ResourceRecord } from '../resources/resource-api';
import { BulkActionBar } from './bulk/bulk-action-bar';
import { SelectPageCell, SelectRowCell } from './bulk/selection-cells';
import { recordIdOf, useBulkSelection } from './bulk/use-bulk-selection';
import { cardFields } from './card-fields';
import { CardListControls } from './card-list-controls';
import { CellValue } from './cell-value';
import { ColumnPicker } from './column-picker';
import { ExactCountButton } from './exact-count-button';
import { ExportCsvButton } from './export/export-csv-button';
import { FilterCell } from './filter-cell';
import { ImportCsvButton } from './import/import-csv-button';
import { listAccessOf } from './list-access';
import { listErrorView } from './list-error';
import { ListErrorMessage } from './list-error-message';
import { liveIdOf } from './live-list';
import { LiveListNotice } from './live-list-notice';
import { liveDeletedSx, liveHighlightSx } from './live-row-style';
import { RecordCards } from './record-cards';
import { SkeletonRows } from './skeleton-rows';
import { TablePaginationBar } from './table-pagination-bar';
import { TableStateMessage } from './table-state-message';
import { useClampPage } from './use-clamp-page';
import { useColumnPrefs } from './use-column-prefs';
import { useExactTotal } from './use-exact-total';
import { useLabelText } from './use-label-text';
import { useLiveList } from './use-live-list';
import { useRememberedView } from './use-remembered-view';
import { useResourceList } from './use-resource-list';
import { useStackedLayout } from './use-stacked-layout';
import { useTableState } from './use-table-state';

export interface ResourceTableProps<Item extends ResourceRecord = ResourceRecord> {
  descriptor: ResourceDescriptor;
  /** Buttons of one row, shown in a last column that stays in view while the table scrolls sideways. */
  rowActions?: (item: Item) => ReactNode;
  /** Shown above the table, left of the table's own buttons. */
  toolbar?: ReactNode;
  /** Names of the descriptor's fields to show, in this order; all of them by default. */
  columns?: readonly string[];
  /** A row's React key; `id`, else `key`, else the position. */
  rowKey?: (item: Item, index: number) => string | number;
  /** Accessible name of the table (usually the page title). */
  label?: string;
}

const headCellSx = {
  bgcolor: 'grey.50',
  fontWeight: 600,
  fontSize: 13,
  color: 'text.secondary',
  whiteSpace: 'nowrap',
  py: 1,
} satisfies SxProps<Theme>;

const filterCellSx = {
  bgcolor: 'grey.50',
  verticalAlign: 'top',
  py: 0.75,
  px: 1,
} satisfies SxProps<Theme>;

/** The actions column stays at the right edge while the rest scrolls under it. */
const stickyActionsSx = {
  position: 'sticky',
  right: 0,
  zIndex: 1,
  boxShadow: (theme: Theme) => `inset 1px 0 0 ${theme.palette.divider}`,
} satisfies SxProps<Theme>;

const deletedRowSx = liveDeletedSx('td');

function defaultRowKey(item: ResourceRecord, index: number): string | number {
  const id = item.id ?? item.key;
  return typeof id === 'string' || typeof id === 'number' ? id : index;
}

/**
 * A server-side table of any resource: the descriptor gives the columns, their sorting and filters;
 * the URL holds page, page size, sort and filters with the API's own grammar (spec §4, §9).
 */
export function ResourceTable<Item extends ResourceRecord = ResourceRecord>({
  descriptor,
  rowActions,
  toolbar,
  columns,
  rowKey = defaultRowKey,
  label,
}: ResourceTableProps<Item>) {
  const { t } = useTranslation();
  const labelText = useLabelText();
  const state = useTableState(descriptor);
  const { query } = state;
  const list = useResourceList<Item>(descriptor, query);
  const exact = useExactTotal(descriptor, query);
  const pageCount = exact.total === undefined ? list.pageCount : pageCountOf(exact.total, query.perPage);
  const errors = listErrorView(list.error);
  const check = usePermissions();
  const access = useMemo(
    () => listAccessOf(check, descriptor, pickFields(descriptor, columns)),
    [check, descriptor, columns],
  );
  const offered = access.fields;
  // Bulk actions the grants do not allow are neither offered nor give the rows checkboxes.
  const allowed = useMemo(() => ({ ...descriptor, bulkActions: access.bulkActions }), [descriptor, access]);
  const columnPrefs = useColumnPrefs(descriptor, offered);
  const fields = columnPrefs.visible;
  const selection = useBulkSelection(allowed, query, list.items);
  const columnCount = fields.length + (rowActions ? 1 : 0) + (selection.enabled ? 1 : 0);
  const hasFilters = Object.keys(query.filters).length > 0;
  const hasFilterRow = fields.some((field) => field.filter);
  const refreshing = list.isFetching && !list.isPending;
  const stacked = useStackedLayout();

  const live = useLiveList(descriptor, list.items, list.shownQuery, list.readAt, () => state.setPage(1));

  useClampPage(state, list);
  useRememberedView(descriptor, query);
  const showRows = !list.isError && !list.isPending && list.items.length > 0;

  return (
    <Paper variant="outlined" sx={{ overflow: 'hidden' }}>
      <Stack
        direction="row"
        sx={{ alignItems: 'center', gap: 1, px: 2, py: 1, minHeight: 52, flexWrap: 'wrap' }}
      >
        <Box sx={{ flexGrow: 1, display: 'flex', alignItems: 'center', gap: 1, flexWrap: 'wrap' }}>
          {toolbar}
        </Box>
        {access.canImport && <ImportCsvButton descriptor={descriptor} />}
        {access.canExport && (
          <ExportCsvButton
            descriptor={descriptor}
            query={query}
            // A lower bound is no measure of progress: the export then counts its rows alone.
            total={list.totalKind === 'moreThan' ? 0 : list.total}
          />
        )}
        {hasFilters &&
          // A phone's toolbar has room for icons only; the cards' own message repeats the button.
          (stacked ? (
            <Tooltip title={t('table.clearFilters')}>
              <IconButton size="small" aria-label={t('table.clearFilters')} onClick={state.clearFilters}>
                <FilterAltOffIcon fontSize="small" />
              </IconButton>
            </Tooltip>
          ) : (
            <Button size="small" startIcon={<FilterAltOffIcon />} onClick={state.clearFilters}>
              {t('table.clearFilters')}
            </Button>
          ))}
        <ColumnPicker columns={columnPrefs} />
        <Tooltip title={t('table.refresh')}>
          <IconButton size="small" aria-label={t('table.refresh')} onClick={live.reload}>
            <RefreshIcon fontSize="small" />
          </IconButton>
        </Tooltip>
      </Stack>
      <LiveListNotice live={live} />
      <BulkActionBar
        descriptor={allowed}
        query={query}
        selection={selection}
        total={list.total}
        totalKind={list.totalKind}
        pageSize={list.items.length}
      />
      {/* Reserved even when idle, so the table does not jump when loading starts. */}
      <Box sx={{ height: 2 }}>
        {refreshing && <LinearProgress aria-label={t('app.loading')} sx={{ height: 2 }} />}
      </Box>
      {stacked && <CardListControls fields={fields} state={state} filterErrors={errors.filters} />}
      {stacked ? (
        <RecordCards
          items={showRows ? list.items : []}
          fields={cardFields(descriptor, fields)}
          selection={selection}
          rowActions={rowActions}
          rowKey={rowKey}
          loading={list.isPending && !list.isError}
          placeholders={Math.min(query.perPage, 5)}
          label={label}
          stale={list.isPlaceholderData}
          live={live}
        />
      ) : (
        <TableContainer sx={{ overflowX: 'auto' }}>
          <Table size="small" aria-label={label} aria-busy={list.isFetching} sx={{ minWidth: 640 }}>
            <TableHead>
              <TableRow>
                {selection.enabled && <SelectPageCell selection={selection} sx={headCellSx} />}
                {fields.map((field) => {
                  const direction = state.sort?.field === field.name ? state.sort.direction : undefined;
                  return (
                    <TableCell
                      key={field.name}
                      sx={headCellSx}
                      sortDirection={direction ?? false}
                      aria-sort={direction ? (direction === 'asc' ? 'ascending' : 'descending') : undefined}
                    >
                      {field.sortable ? (
                        <TableSortLabel
                          active={direction !== undefined}
                          direction={direction ?? 'asc'}
                          onClick={() => state.toggleSort(field.name)}
                        >
                          {labelText(field.label)}
                        </TableSortLabel>
                      ) : (
                        labelText(field.label)
                      )}
                    </TableCell>
                  );
                })}
                {rowActions && (
                  <TableCell align="right" sx={[headCellSx, stickyActionsSx]}>
                    {t('table.actions')}
                  </TableCell>
                )}
              </TableRow>
              {hasFilterRow && (
                <TableRow>
                  {selection.enabled && <TableCell sx={filterCellSx} />}
                  {fields.map((field) => (
                    <TableCell key={field.name} sx={filterCellSx}>
                      <FilterCell
                        field={field}
                        label={labelText(field.label)}
                        value={query.filters[field.name] ?? ''}
                        filters={query.filters}
                        onChange={(value) => state.setFilter(field.name, value)}
                        serverError={errors.filters[field.name]}
                      />
                    </TableCell>
                  ))}
                  {rowActions && <TableCell sx={[filterCellSx, stickyActionsSx]} />}
                </TableRow>
              )}
            </TableHead>
            <TableBody
              sx={{ opacity: list.isPlaceholderData ? 0.6 : 1, transition: 'opacity 150ms ease-in-out' }}
            >
              {list.isPending && !list.isError ? (
                <SkeletonRows rows={Math.min(query.perPage, 10)} columns={columnCount} />
              ) : (
                showRows &&
                list.items.map((item, index) => {
                  const liveId = liveIdOf(item);
                  const deleted = liveId !== undefined && live.deleted.has(liveId);
                  const highlighted = liveId !== undefined && live.highlighted.has(liveId);
                  return (
                    <TableRow
                      key={rowKey(item, index)}
                      hover
                      selected={selection.enabled && selection.isSelected(recordIdOf(item) ?? '')}
                      data-live={deleted ? 'deleted' : highlighted ? 'updated' : undefined}
                      sx={[
                        {
                          '&:last-child td': { borderBottom: 0 },
                          // The sticky cell is opaque, so it takes the row's hover tint itself.
                          '&:hover td.sticky-actions': {
                            backgroundImage: (theme) =>
                              `linear-gradient(${theme.palette.action.hover}, ${theme.palette.action.hover})`,
                          },
                        },
                        highlighted && liveHighlightSx,
                        deleted && deletedRowSx,
                      ]}
                    >
                      {selection.enabled && <SelectRowCell selection={selection} id={recordIdOf(item)} />}
                      {fields.map((field, column) => (
                        <TableCell key={field.name} sx={{ whiteSpace: 'nowrap', fontSize: 13, py: 0.75 }}>
                          {deleted && column === 0 && (
                            <Chip
                              size="small"
                              color="error"
                              variant="outlined"
                              label={t('live.list.deleted')}
                              sx={{ mr: 1, height: 20, fontSize: 12 }}
                            />
                          )}
                          <CellValue display={field.display} value={item[field.name]} item={item} />
                        </TableCell>
                      ))}
                      {rowActions && (
                        <TableCell
                          align="right"
                          className="sticky-actions"
                          sx={[
                            stickyActionsSx,
                            { bgcolor: 'background.paper', whiteSpace: 'nowrap', py: 0.25 },
                          ]}
                        >
                          {/* A deleted record has nothing left to edit or delete. */}
                          {!deleted && rowActions(item)}
                        </TableCell>
                      )}
                    </TableRow>
                  );
                })
              )}
            </TableBody>
          </Table>
        </TableContainer>
      )}
      {/* Outside the table: a wide table scrolls sideways, and the message and its buttons must not. */}
      {list.isError ? (
        <TableStateMessage>
          <ListErrorMessage
            hasFilterErrors={Object.keys(errors.filters).length > 0}
            general={errors.general}
            onRetry={list.refetch}
          />
          {hasFilters && (
            <Button size="small" startIcon={<FilterAltOffIcon />} onClick={state.clearFilters}>
              {t('table.clearFilters')}
            </Button>
          )}
        </TableStateMessage>
      ) : (
        !list.isPending &&
        list.items.length === 0 && (
          <TableStateMessage>
            <Typography color="text.secondary">{t('table.empty')}</Typography>
            {hasFilters && (
              <Button size="small" onClick={state.clearFilters}>
                {t('table.clearFilters')}
              </Button>
            )}
          </TableStateMessage>
        )
      )}
      {/* Kept on an error too: another page or page size may well load, and the way back must stay. */}
      {(!list.isPending || list.isError) && (
        <TablePaginationBar
          page={query.page}
          pageCount={list.isError ? Math.max(list.pageCount, query.page) : pageCount}
          perPage={query.perPage}
          // While the next page loads, the range label describes the rows on screen, not the ones coming.
          shown={list.shownQuery}
          total={exact.total ?? list.total}
          // After a failure only the pages up to this one are known to exist.
          totalKind={list.isError ? 'moreThan' : exact.total !== undefined ? 'exact' : list.totalKind}
          failed={list.isError}
          compact={stacked}
          estimateAction={<ExactCountButton exact={exact} />}
          onPage={state.setPage}
          onPerPage={state.setPerPage}
        />
      )}
    </Paper>
  );
}

function pickFields(
  descriptor: ResourceDescriptor,
  columns: readonly string[] | undefined,
): FieldDescriptor[] {
  if (!columns) return [...descriptor.fields];
  return columns.flatMap((name) => descriptor.fields.filter((field) => field.name === name));
}
