import Checkbox from '@mui/material/Checkbox';
import type { SxProps, Theme } from '@mui/material/styles';
import TableCell from '@mui/material/TableCell';
import { useTranslation } from '../../i18n/use-translation';
import type { RecordId } from '../../resources/resource-api';
import type { BulkSelection } from './use-bulk-selection';

const cellSx = { width: 48, py: 0, px: 1 } satisfies SxProps<Theme>;

/** The header's checkbox: selects or clears every row of the page. */
export function SelectPageCell({ selection, sx }: { selection: BulkSelection; sx?: SxProps<Theme> }) {
  const { t } = useTranslation();
  return (
    <TableCell padding="checkbox" sx={[cellSx, ...(Array.isArray(sx) ? sx : [sx])]}>
      <Checkbox
        size="small"
        checked={selection.pageState === 'all'}
        indeterminate={selection.pageState === 'some'}
        onChange={selection.togglePage}
        slotProps={{ input: { 'aria-label': t('tableTools.bulk.selectPage') } }}
      />
    </TableCell>
  );
}

export function SelectRowCell({ selection, id }: { selection: BulkSelection; id: RecordId | undefined }) {
  const { t } = useTranslation();
  return (
    <TableCell padding="checkbox" sx={cellSx}>
      {id !== undefined && (
        <Checkbox
          size="small"
          checked={selection.isSelected(id)}
          onChange={() => selection.toggle(id)}
          slotProps={{ input: { 'aria-label': t('tableTools.bulk.selectRow', { id }) } }}
        />
      )}
    </TableCell>
  );
}
