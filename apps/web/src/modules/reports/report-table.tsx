import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import type { ReportSection } from '@pult/contract';
import { useTranslation } from 'react-i18next';
import { formatDate } from '../../i18n/format-date';
import { useLocale } from '../../i18n/use-locale';

export interface ReportTableProps {
  section: ReportSection;
  buckets: readonly string[];
  label: (key: string, name: string | null) => string;
  caption: string;
}

/** The figures behind the chart: a row per series, a column per bucket, and the row's total. */
export function ReportTable({ section, buckets, label, caption }: ReportTableProps) {
  const { t } = useTranslation();
  const locale = useLocale();
  const numbers = new Intl.NumberFormat(locale);
  return (
    <TableContainer sx={{ maxWidth: '100%', overflowX: 'auto' }}>
      <Table size="small" aria-label={caption}>
        <TableHead>
          <TableRow>
            <TableCell sx={{ position: 'sticky', left: 0, bgcolor: 'background.paper', minWidth: 160 }}>
              {t('reports.series')}
            </TableCell>
            {buckets.map((bucket) => (
              <TableCell key={bucket} align="right" sx={{ whiteSpace: 'nowrap' }}>
                {formatDate(bucket, locale)}
              </TableCell>
            ))}
            <TableCell align="right" sx={{ fontWeight: 600 }}>
              {t('reports.total')}
            </TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {section.series.map((series) => (
            <TableRow key={series.key}>
              <TableCell
                component="th"
                scope="row"
                sx={{ position: 'sticky', left: 0, bgcolor: 'background.paper', whiteSpace: 'nowrap' }}
              >
                {label(series.key, series.label)}
              </TableCell>
              {series.values.map((value, index) => (
                <TableCell key={buckets[index] ?? index} align="right">
                  {numbers.format(value)}
                </TableCell>
              ))}
              <TableCell align="right" sx={{ fontWeight: 600 }}>
                {numbers.format(series.total)}
              </TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </TableContainer>
  );
}
