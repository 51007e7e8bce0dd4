import ArrowDropDownIcon from '@mui/icons-material/ArrowDropDown';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import LinearProgress from '@mui/material/LinearProgress';
import Link from '@mui/material/Link';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import Typography from '@mui/material/Typography';
import type {
  BulkActionDescriptor,
  ListQuery,
  ResourceDescriptor,
  SelectOption,
  TotalKind,
} from '@pult/contract';
import { useState } from 'react';
import { useTranslation } from '../../i18n/use-translation';
import { ConfirmDialog } from '../../ui/confirm-dialog';
import { useLabelText } from '../use-label-text';
import { type PendingBulkAction, useBulkRun } from './use-bulk-run';
import type { BulkSelection } from './use-bulk-selection';

export interface BulkActionBarProps {
  descriptor: ResourceDescriptor;
  query: ListQuery;
  selection: BulkSelection;
  /** Rows matching the filter. */
  total: number;
  /** What `total` is: a lower bound ("more than N") is never offered or confirmed as a number of rows. */
  totalKind: TotalKind;
  /** Rows on this page. */
  pageSize: number;
}

/** Shown while rows are picked: how many, "select all N", the list's bulk actions, with confirm and summary. */
export function BulkActionBar({
  descriptor,
  query,
  selection,
  total,
  totalKind,
  pageSize,
}: BulkActionBarProps) {
  const { t, i18n } = useTranslation();
  const labelText = useLabelText();
  const number = new Intl.NumberFormat(i18n.language);
  const count = selection.allMatching ? total : selection.ids.size;
  // "All matching" of a bounded total is more rows than `count`: said so wherever the count is shown.
  const bounded = selection.allMatching && totalKind === 'moreThan';
  const countText = bounded ? t('table.moreThan', { count: number.format(count) }) : number.format(count);
  const run = useBulkRun(descriptor, query, selection, count);
  const [menu, setMenu] = useState<{ anchor: HTMLElement; action: BulkActionDescriptor } | null>(null);

  if (count === 0 && !run.pending) return null;
  const actionLabel = (pending: PendingBulkAction) =>
    pending.option
      ? `${labelText(pending.action.label)}: ${labelText(pending.option.label)}`
      : labelText(pending.action.label);
  const choose = (action: BulkActionDescriptor, option?: SelectOption) => {
    setMenu(null);
    run.ask(option ? { action, option } : { action });
  };

  return (
    <Box
      role="region"
      aria-label={t('tableTools.bulk.actionsLabel')}
      sx={{
        display: 'flex',
        alignItems: 'center',
        flexWrap: 'wrap',
        gap: 1,
        px: 2,
        py: 1,
        bgcolor: 'action.selected',
      }}
    >
      <Typography variant="body2" sx={{ fontWeight: 600 }}>
        {selection.allMatching
          ? t(bounded ? 'tableTools.bulk.allSelectedMoreThan' : 'tableTools.bulk.allSelected', {
              count: number.format(total),
            })
          : t('tableTools.bulk.selected', { count: number.format(count) })}
      </Typography>
      {!selection.allMatching && selection.pageState === 'all' && total > pageSize && (
        <Link component="button" variant="body2" onClick={selection.selectAllMatching}>
          {t(totalKind === 'moreThan' ? 'tableTools.bulk.selectAllMoreThan' : 'tableTools.bulk.selectAll', {
            count: number.format(total),
          })}
        </Link>
      )}
      <Box sx={{ flexGrow: 1 }} />
      {(descriptor.bulkActions ?? []).map((action) =>
        action.kind === 'set' ? (
          <Button
            key={action.name}
            size="small"
            variant="outlined"
            endIcon={<ArrowDropDownIcon />}
            onClick={(event) => setMenu({ anchor: event.currentTarget, action })}
          >
            {labelText(action.label)}
          </Button>
        ) : (
          <Button
            key={action.name}
            size="small"
            variant="outlined"
            color={action.kind === 'delete' ? 'error' : 'primary'}
            onClick={() => choose(action)}
          >
            {labelText(action.label)}
          </Button>
        ),
      )}
      <Button size="small" onClick={selection.clear}>
        {t('tableTools.bulk.clear')}
      </Button>
      <Menu open={menu !== null} anchorEl={menu?.anchor} onClose={() => setMenu(null)}>
        {menu?.action.kind === 'set' &&
          menu.action.options.map((option) => (
            <MenuItem key={String(option.value)} onClick={() => choose(menu.action, option)}>
              {labelText(option.label)}
            </MenuItem>
          ))}
      </Menu>
      {run.pending && (
        <ConfirmDialog
          open
          title={actionLabel(run.pending)}
          text={
            <>
              {t('tableTools.bulk.confirmText', { count: countText })}
              {run.progress && (
                <Box component="span" sx={{ display: 'block', mt: 2 }}>
                  {t('tableTools.bulk.running', {
                    done: number.format(run.progress.done),
                    count: countText,
                  })}
                  <LinearProgress
                    variant={bounded ? 'indeterminate' : 'determinate'}
                    value={
                      count > 0 && !bounded ? Math.min(100, (run.progress.done / count) * 100) : undefined
                    }
                    sx={{ mt: 1 }}
                  />
                </Box>
              )}
            </>
          }
          confirmLabel={t('tableTools.bulk.confirm', { count: countText })}
          destructive={run.pending.action.kind === 'delete'}
          busy={run.running}
          onConfirm={run.confirm}
          onClose={run.dismiss}
        />
      )}
    </Box>
  );
}
