import Box from '@mui/material/Box';
import Checkbox from '@mui/material/Checkbox';
import Chip from '@mui/material/Chip';
import FormControlLabel from '@mui/material/FormControlLabel';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import type { FieldDescriptor } from '@pult/contract';
import { Fragment, type ReactNode } from 'react';
import { useTranslation } from '../i18n/use-translation';
import type { ResourceRecord } from '../resources/resource-api';
import { visuallyHidden } from '../ui/visually-hidden';
import { type BulkSelection, recordIdOf } from './bulk/use-bulk-selection';
import { CellValue } from './cell-value';
import { liveIdOf } from './live-list';
import { liveDeletedSx, liveHighlightSx } from './live-row-style';
import { useLabelText } from './use-label-text';

export interface RecordCardsProps<Item extends ResourceRecord> {
  items: readonly Item[];
  /** The fields each card shows, with their labels. */
  fields: readonly FieldDescriptor[];
  selection: BulkSelection;
  rowActions?: (item: Item) => ReactNode;
  rowKey: (item: Item, index: number) => string | number;
  /** The first load: placeholder cards instead of records. */
  loading: boolean;
  placeholders: number;
  /** Accessible name of the list (the page title). */
  label?: string;
  /** The rows on screen belong to the previous query while the next one loads. */
  stale: boolean;
  /** Records other administrators just changed (highlighted) or deleted (marked), by id. */
  live?: { highlighted: ReadonlySet<string>; deleted: ReadonlySet<string> };
}

const deletedCardSx = liveDeletedSx('dd');

/** Label and value side by side; a long value wraps instead of widening the card. */
const fieldGridSx = {
  display: 'grid',
  gridTemplateColumns: 'minmax(72px, max-content) minmax(0, 1fr)',
  columnGap: 1.5,
  rowGap: 0.5,
  m: 0,
  flexGrow: 1,
  minWidth: 0,
  fontSize: 14,
} as const;

/** A table cell cuts a long value at its column's width; a card has the room to wrap it instead. */
const cardValueSx = {
  m: 0,
  minWidth: 0,
  overflowWrap: 'anywhere',
  '& > span': { maxWidth: '100%', whiteSpace: 'normal' },
} as const;

/**
 * A list's records as a stack of cards (phone width): each card shows the record's main fields with
 * their labels, its checkbox for bulk actions and its row actions.
 */
export function RecordCards<Item extends ResourceRecord>({
  items,
  fields,
  selection,
  rowActions,
  rowKey,
  loading,
  placeholders,
  label,
  stale,
  live,
}: RecordCardsProps<Item>) {
  const { t } = useTranslation();
  const labelText = useLabelText();
  if (loading) return <PlaceholderCards count={placeholders} />;
  if (items.length === 0) return null;
  return (
    <Box sx={{ opacity: stale ? 0.6 : 1, transition: 'opacity 150ms ease-in-out' }}>
      {selection.enabled && (
        <FormControlLabel
          sx={{ mx: 0, px: 1, pt: 0.5 }}
          label={t('tableTools.bulk.selectPage')}
          slotProps={{ typography: { variant: 'body2' } }}
          control={
            <Checkbox
              size="small"
              checked={selection.pageState === 'all'}
              indeterminate={selection.pageState === 'some'}
              onChange={selection.togglePage}
            />
          }
        />
      )}
      <Box
        component="ul"
        aria-label={label}
        sx={{ listStyle: 'none', m: 0, p: 1, pt: selection.enabled ? 0 : 1, display: 'grid', gap: 1 }}
      >
        {items.map((item, index) => {
          const id = recordIdOf(item);
          const selected = selection.enabled && id !== undefined && selection.isSelected(id);
          const liveId = liveIdOf(item);
          const deleted = liveId !== undefined && live?.deleted.has(liveId) === true;
          const highlighted = liveId !== undefined && live?.highlighted.has(liveId) === true;
          return (
            <Paper
              key={rowKey(item, index)}
              component="li"
              variant="outlined"
              data-testid="record-card"
              data-live={deleted ? 'deleted' : highlighted ? 'updated' : undefined}
              sx={[
                {
                  p: 1.5,
                  display: 'flex',
                  gap: 1,
                  alignItems: 'flex-start',
                  bgcolor: selected ? 'action.selected' : undefined,
                },
                highlighted && liveHighlightSx,
                deleted && deletedCardSx,
              ]}
            >
              {selection.enabled && id !== undefined && (
                <Checkbox
                  size="small"
                  checked={selected}
                  onChange={() => selection.toggle(id)}
                  slotProps={{ input: { 'aria-label': t('tableTools.bulk.selectRow', { id }) } }}
                  sx={{ p: 0.5, mt: -0.5, ml: -0.5 }}
                />
              )}
              <Box sx={{ flexGrow: 1, minWidth: 0 }}>
                {deleted && (
                  <Chip
                    size="small"
                    color="error"
                    variant="outlined"
                    label={t('live.list.deleted')}
                    sx={{ mb: 0.5, height: 20, fontSize: 12 }}
                  />
                )}
                <Box component="dl" sx={fieldGridSx}>
                  {fields.map((field) => (
                    <Fragment key={field.name}>
                      <Box component="dt" sx={{ color: 'text.secondary' }}>
                        {labelText(field.label)}
                      </Box>
                      <Box component="dd" sx={cardValueSx}>
                        <CellValue display={field.display} value={item[field.name]} item={item} />
                      </Box>
                    </Fragment>
                  ))}
                </Box>
                {/* A deleted record has nothing left to edit or delete. */}
                {rowActions && !deleted && (
                  <Box sx={{ display: 'flex', justifyContent: 'flex-end', gap: 0.5, mt: 0.5 }}>
                    {rowActions(item)}
                  </Box>
                )}
              </Box>
            </Paper>
          );
        })}
      </Box>
    </Box>
  );
}

function PlaceholderCards({ count }: { count: number }) {
  const { t } = useTranslation();
  return (
    <Box sx={{ display: 'grid', gap: 1, p: 1 }}>
      <Box component="span" sx={visuallyHidden}>
        {t('app.loading')}
      </Box>
      {Array.from({ length: count }, (_, index) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: placeholders have no identity but their place
        <Skeleton key={index} variant="rounded" height={96} />
      ))}
    </Box>
  );
}
