import FirstPageIcon from '@mui/icons-material/FirstPage';
import LastPageIcon from '@mui/icons-material/LastPage';
import NavigateBeforeIcon from '@mui/icons-material/NavigateBefore';
import NavigateNextIcon from '@mui/icons-material/NavigateNext';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import MenuItem from '@mui/material/MenuItem';
import Select from '@mui/material/Select';
import Stack from '@mui/material/Stack';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import { PAGE_SIZE_OPTIONS, type PageSize, type TotalKind } from '@pult/contract';
import { type ReactElement, type ReactNode, useId } from 'react';
import { useLocale } from '../i18n/use-locale';
import { useTranslation } from '../i18n/use-translation';
import { paginationItems, rangeLabel } from './pagination-model';

export interface TablePaginationBarProps {
  page: number;
  pageCount: number;
  perPage: PageSize;
  total: number;
  /**
   * What `total` is (`ListResponse`): an estimate is shown as "about N", a lower bound as "more than
   * N", and for either the last page is not offered.
   */
  totalKind?: TotalKind;
  onPage: (page: number) => void;
  onPerPage: (perPage: PageSize) => void;
  /**
   * The page whose rows are on screen, when it is not `page` yet (the next one is loading): the range
   * label describes the rows shown, the buttons move from the page asked for.
   */
  shown?: { page: number; perPage: PageSize };
  /**
   * The page did not load: no range is shown (there are no rows to describe), while the buttons still
   * lead elsewhere (the pages up to this one, another page size).
   */
  failed?: boolean;
  /** Phone width: "Page 3 of 20" between the arrows instead of the numbered buttons. */
  compact?: boolean;
  /** Shown after an estimated or bounded total's range label: the way to an exact count. */
  estimateAction?: ReactNode;
}

/**
 * Spec §9: first, previous, up to ten page buttons with ellipses, next, last, and the page size. With
 * an estimated or bounded total, the numbered buttons stop at the current page and "last" is
 * disabled: only the pages up to here and the next one are known to exist.
 */
export function TablePaginationBar({
  page,
  pageCount,
  perPage,
  total,
  totalKind = 'exact',
  onPage,
  onPerPage,
  shown = { page, perPage },
  failed = false,
  compact = false,
  estimateAction,
}: TablePaginationBarProps) {
  const { t } = useTranslation();
  const locale = useLocale();
  const sizeLabelId = useId();
  const number = new Intl.NumberFormat(locale);
  const atStart = page <= 1;
  const atEnd = page >= pageCount;
  const totalExact = totalKind === 'exact';
  const range = rangeLabel({ page: shown.page, perPage: shown.perPage, total, totalKind });

  return (
    <Stack
      direction="row"
      sx={{
        alignItems: 'center',
        justifyContent: 'space-between',
        flexWrap: 'wrap',
        columnGap: 2,
        rowGap: 1,
        px: 2,
        py: 1,
        borderTop: 1,
        borderColor: 'divider',
      }}
    >
      <Stack direction="row" sx={{ alignItems: 'center', flexWrap: 'wrap', columnGap: 1 }}>
        <Typography id={sizeLabelId} variant="body2" color="text.secondary">
          {t('table.rowsPerPage')}
        </Typography>
        <Select
          size="small"
          variant="standard"
          disableUnderline
          value={perPage}
          onChange={(event) => onPerPage(Number(event.target.value) as PageSize)}
          SelectDisplayProps={{ 'aria-labelledby': sizeLabelId }}
          sx={{ fontSize: 14, '& .MuiSelect-select': { py: 0.25 } }}
        >
          {PAGE_SIZE_OPTIONS.map((size) => (
            <MenuItem key={size} value={size}>
              {size}
            </MenuItem>
          ))}
        </Select>
        {!failed && (
          <Typography variant="body2" color="text.secondary" sx={{ pl: 1 }} aria-live="polite">
            {t(range.key, {
              from: number.format(range.from),
              to: number.format(range.to),
              total: number.format(total),
            })}
          </Typography>
        )}
        {!failed && !totalExact && estimateAction}
      </Stack>
      <Box component="nav" aria-label={t('table.pagination')}>
        <Stack direction="row" sx={{ alignItems: 'center', flexWrap: 'wrap', gap: 0.25 }}>
          <NavButton label={t('table.firstPage')} disabled={atStart} onClick={() => onPage(1)}>
            <FirstPageIcon fontSize="small" />
          </NavButton>
          <NavButton label={t('table.previousPage')} disabled={atStart} onClick={() => onPage(page - 1)}>
            <NavigateBeforeIcon fontSize="small" />
          </NavButton>
          {compact ? (
            <Typography variant="body2" sx={{ px: 1 }}>
              {totalExact
                ? t('tableTools.cards.pageOf', {
                    page: number.format(page),
                    // An empty list still shows its one (empty) page.
                    count: number.format(Math.max(pageCount, 1)),
                  })
                : t('tableTools.cards.pageOfAbout', { page: number.format(page) })}
            </Typography>
          ) : (
            paginationItems(page, totalExact ? pageCount : Math.min(page, pageCount)).map((item, index) =>
              item === 'ellipsis' ? (
                <Box
                  // Two ellipses at most; their position tells them apart.
                  // biome-ignore lint/suspicious/noArrayIndexKey: the position is the identity here
                  key={`ellipsis-${index}`}
                  component="span"
                  aria-hidden
                  sx={{ px: 0.5, color: 'text.secondary', userSelect: 'none' }}
                >
                  …
                </Box>
              ) : (
                <Button
                  key={item}
                  size="small"
                  variant={item === page ? 'contained' : 'text'}
                  color={item === page ? 'primary' : 'inherit'}
                  aria-current={item === page ? 'page' : undefined}
                  aria-label={t('table.page', { page: item })}
                  onClick={() => onPage(item)}
                  disableElevation
                  sx={{ minWidth: 32, height: 32, px: 1 }}
                >
                  {number.format(item)}
                </Button>
              ),
            )
          )}
          <NavButton label={t('table.nextPage')} disabled={atEnd} onClick={() => onPage(page + 1)}>
            <NavigateNextIcon fontSize="small" />
          </NavButton>
          <NavButton
            label={t('table.lastPage')}
            disabled={atEnd || !totalExact}
            onClick={() => onPage(pageCount)}
          >
            <LastPageIcon fontSize="small" />
          </NavButton>
        </Stack>
      </Box>
    </Stack>
  );
}

function NavButton({
  label,
  disabled,
  onClick,
  children,
}: {
  label: string;
  disabled: boolean;
  onClick: () => void;
  children: ReactElement;
}) {
  const button = (
    <IconButton size="small" aria-label={label} disabled={disabled} onClick={onClick}>
      {children}
    </IconButton>
  );
  // A disabled button fires no events, so its tooltip needs a wrapper to hear the pointer.
  return (
    <Tooltip title={label}>
      <span>{button}</span>
    </Tooltip>
  );
}
