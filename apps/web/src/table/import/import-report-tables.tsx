import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import Link from '@mui/material/Link';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import type { ImportCounts, ImportRejectedRow, ImportRow } from '@pult/contract';
import type { ReactNode } from 'react';
import { Link as RouterLink } from 'react-router';
import { useTranslation } from '../../i18n/use-translation';
import { keyText, valueText } from './import-values';

type CountKey = keyof ImportCounts;

/** The report's counts as chips; `labels` renames a count (a commit has "updated", not "to update"). */
export function ImportCountChips({
  counts,
  labels = {},
}: {
  counts: ImportCounts;
  labels?: Partial<Record<CountKey, string>>;
}) {
  const { t, i18n } = useTranslation();
  const number = new Intl.NumberFormat(i18n.language);
  const colours: Partial<Record<CountKey, 'success' | 'info' | 'error'>> = {
    create: 'success',
    update: 'info',
    rejected: 'error',
  };
  const keys: CountKey[] = ['rows', 'create', 'update', 'unchanged', 'skipped', 'rejected'];
  return (
    <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap' }} data-testid="import-counts">
      {keys
        .filter((key) => key === 'rows' || counts[key] > 0)
        .map((key) => (
          <Chip
            key={key}
            size="small"
            variant={key === 'rows' ? 'outlined' : 'filled'}
            color={colours[key] ?? 'default'}
            label={`${labels[key] ?? t(`tableTools.import.counts.${key}`)}: ${number.format(counts[key])}`}
          />
        ))}
    </Box>
  );
}

function Section({
  title,
  shown,
  count,
  children,
}: {
  title: string;
  shown: number;
  count: number;
  children: ReactNode;
}) {
  const { t, i18n } = useTranslation();
  const number = new Intl.NumberFormat(i18n.language);
  return (
    <Box component="section" sx={{ display: 'flex', flexDirection: 'column', gap: 0.5 }}>
      <Typography variant="subtitle2" component="h3">
        {title} ({number.format(count)})
      </Typography>
      <TableContainer sx={{ maxHeight: 280, border: 1, borderColor: 'divider', borderRadius: 1 }}>
        {children}
      </TableContainer>
      {shown < count && (
        <Typography variant="caption" color="text.secondary">
          {t('tableTools.import.shownFirst', { shown: number.format(shown), count: number.format(count) })}
        </Typography>
      )}
    </Box>
  );
}

/** Rejected rows: their line in the file and each field's reasons, in the request's language. */
export function RejectedRowsTable({
  rows,
  count,
  labelOf,
}: {
  rows: readonly ImportRejectedRow[];
  count: number;
  labelOf: (field: string) => string;
}) {
  const { t } = useTranslation();
  return (
    <Section title={t('tableTools.import.rejectedTitle')} shown={rows.length} count={count}>
      <Table size="small" stickyHeader aria-label={t('tableTools.import.rejectedTitle')}>
        <TableHead>
          <TableRow>
            <TableCell sx={{ width: 72 }}>{t('tableTools.import.line')}</TableCell>
            <TableCell>{t('tableTools.import.reason')}</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {rows.map((row) => (
            <TableRow key={row.line}>
              <TableCell>{row.line}</TableCell>
              <TableCell>
                {Object.entries(row.errors).map(([field, texts]) => (
                  <Box key={field}>
                    {field === '_row' ? texts.join(', ') : `${labelOf(field)}: ${texts.join(', ')}`}
                  </Box>
                ))}
              </TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </Section>
  );
}

/** New or changed records: line, key (a link to the record in the list when one is given), changes. */
export function ChangedRowsTable({
  title,
  rows,
  count,
  labelOf,
  linkOf,
  onFollow,
}: {
  title: string;
  labelOf: (field: string) => string;
  rows: readonly ImportRow[];
  count: number;
  linkOf?: (row: ImportRow) => string | null;
  onFollow?: () => void;
}) {
  const { t } = useTranslation();
  const withChanges = rows.some((row) => (row.changes?.length ?? 0) > 0);
  return (
    <Section title={title} shown={rows.length} count={count}>
      <Table size="small" stickyHeader aria-label={title}>
        <TableHead>
          <TableRow>
            <TableCell sx={{ width: 72 }}>{t('tableTools.import.line')}</TableCell>
            <TableCell>{t('tableTools.import.key')}</TableCell>
            {withChanges && <TableCell>{t('tableTools.import.change')}</TableCell>}
          </TableRow>
        </TableHead>
        <TableBody>
          {rows.map((row) => {
            const link = linkOf?.(row) ?? null;
            return (
              <TableRow key={row.line}>
                <TableCell>{row.line}</TableCell>
                <TableCell sx={{ overflowWrap: 'anywhere' }}>
                  {link ? (
                    <Link component={RouterLink} to={link} onClick={onFollow}>
                      {keyText(row.key)}
                    </Link>
                  ) : (
                    keyText(row.key)
                  )}
                </TableCell>
                {withChanges && (
                  <TableCell sx={{ overflowWrap: 'anywhere' }}>
                    {(row.changes ?? []).map((change) => (
                      <Box key={change.field}>
                        {labelOf(change.field)}: {valueText(change.before)} → {valueText(change.after)}
                      </Box>
                    ))}
                  </TableCell>
                )}
              </TableRow>
            );
          })}
        </TableBody>
      </Table>
    </Section>
  );
}
