import Box from '@mui/material/Box';
import Skeleton from '@mui/material/Skeleton';
import TableCell from '@mui/material/TableCell';
import TableRow from '@mui/material/TableRow';
import { useTranslation } from '../i18n/use-translation';
import { visuallyHidden } from '../ui/visually-hidden';

/**
 * Placeholder rows for the first load, shaped like the table so it does not jump when the records
 * arrive; a screen reader hears "loading" once.
 */
export function SkeletonRows({ rows, columns }: { rows: number; columns: number }) {
  const { t } = useTranslation();
  return (
    <>
      {Array.from({ length: rows }, (_, row) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: placeholders have no identity but their place
        <TableRow key={row}>
          {Array.from({ length: columns }, (_, column) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: as above
            <TableCell key={column} sx={{ py: 1 }}>
              {row === 0 && column === 0 && (
                <Box component="span" sx={visuallyHidden}>
                  {t('app.loading')}
                </Box>
              )}
              {/* Uneven widths read as text rather than as a grid of bars. */}
              <Skeleton variant="text" width={`${60 + ((row * 7 + column * 13) % 35)}%`} />
            </TableCell>
          ))}
        </TableRow>
      ))}
    </>
  );
}
