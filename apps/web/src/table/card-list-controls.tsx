import ArrowDownwardIcon from '@mui/icons-material/ArrowDownward';
import ArrowUpwardIcon from '@mui/icons-material/ArrowUpward';
import FilterListIcon from '@mui/icons-material/FilterList';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Collapse from '@mui/material/Collapse';
import IconButton from '@mui/material/IconButton';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import type { FieldDescriptor } from '@pult/contract';
import { useId, useState } from 'react';
import { useTranslation } from '../i18n/use-translation';
import { FilterCell } from './filter-cell';
import { useLabelText } from './use-label-text';
import type { TableState } from './use-table-state';

export interface CardListControlsProps {
  /** The shown columns: their filters and sorts stay available when the rows are cards. */
  fields: readonly FieldDescriptor[];
  state: TableState;
  /** The server's 422 texts per filter. */
  filterErrors: Readonly<Record<string, string>>;
}

/**
 * What a table's header row offers, for the card layout: sorting by a chosen field and direction,
 * and the column filters stacked under a "Filters" button, each with its visible label.
 */
export function CardListControls({ fields, state, filterErrors }: CardListControlsProps) {
  const { t } = useTranslation();
  const labelText = useLabelText();
  const panelId = useId();
  const filterable = fields.filter((field) => field.filter);
  const sortable = fields.filter((field) => field.sortable);
  const activeFilters = Object.keys(state.query.filters).length;
  const [opened, setOpened] = useState(false);
  // A filter the server refused keeps the panel open, so its message is seen.
  const open = opened || Object.keys(filterErrors).length > 0;
  const sort = state.sort;

  return (
    <Box sx={{ px: 2, pb: 1 }}>
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1 }}>
        {sortable.length > 0 && (
          <TextField
            select
            size="small"
            label={t('tableTools.cards.sortBy')}
            value={sort && sortable.some((field) => field.name === sort.field) ? sort.field : ''}
            onChange={(event) => state.toggleSort(event.target.value)}
            sx={{ flexGrow: 1, minWidth: 0 }}
          >
            {sortable.map((field) => (
              <MenuItem key={field.name} value={field.name}>
                {labelText(field.label)}
              </MenuItem>
            ))}
          </TextField>
        )}
        {sort && sortable.some((field) => field.name === sort.field) && (
          <IconButton
            aria-label={t(
              sort.direction === 'asc' ? 'tableTools.cards.ascending' : 'tableTools.cards.descending',
            )}
            onClick={() => state.toggleSort(sort.field)}
          >
            {sort.direction === 'asc' ? <ArrowUpwardIcon /> : <ArrowDownwardIcon />}
          </IconButton>
        )}
        {filterable.length > 0 && (
          <Button
            startIcon={<FilterListIcon />}
            aria-expanded={open}
            aria-controls={panelId}
            onClick={() => setOpened(!open)}
            sx={{ flexShrink: 0 }}
          >
            {activeFilters > 0
              ? t('tableTools.cards.filtersActive', { count: activeFilters })
              : t('tableTools.cards.filters')}
          </Button>
        )}
      </Box>
      <Collapse in={open} id={panelId}>
        <Box sx={{ display: 'grid', gap: 1.5, pt: 1.5 }}>
          {filterable.map((field) => (
            <Box key={field.name}>
              <Typography variant="body2" color="text.secondary" sx={{ mb: 0.5 }} aria-hidden>
                {labelText(field.label)}
              </Typography>
              <FilterCell
                field={field}
                label={labelText(field.label)}
                value={state.query.filters[field.name] ?? ''}
                filters={state.query.filters}
                onChange={(value) => state.setFilter(field.name, value)}
                serverError={filterErrors[field.name]}
              />
            </Box>
          ))}
        </Box>
      </Collapse>
    </Box>
  );
}
