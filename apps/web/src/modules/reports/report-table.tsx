import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableFooter from '@mui/material/TableFooter';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import { type ReportGroup, type ReportSection, reportFigureFormat, reportTotalKey } from '@pult/contract';
import { useLocale } from '../../i18n/use-locale';
import { useTranslation } from '../../i18n/use-translation';
import { bucketLabel } from './bucket-label';

export interface ReportTableProps {
  section: ReportSection;
  buckets: readonly string[];
  group: ReportGroup;
  label: (key: string, name: string | null) => string;
  caption: string;
}

/** The totals stay in view at the foot of a scrolled table, like the header at its top. */
const TOTAL_CELL = {
  fontWeight: 600,
  color: 'text.primary',
  position: 'sticky',
  bottom: 0,
  bgcolor: 'background.paper',
} as const;

/**
 * The figures behind the chart: a row per bucket (there are more buckets than series, and rows grow
 * down rather than off the screen), a column per series, and the totals at the foot.
 */
export function ReportTable({ section, buckets, group, label, caption }: ReportTableProps) {
  const { t } = useTranslation();
  const locale = useLocale();
  const figure = reportFigureFormat(section, locale);
  return (
    // A day-by-day quarter is 90 rows: the table scrolls within the card, its header kept in view.
    // It scrolls, so it takes the keyboard's focus (arrow keys scroll it) and names itself; the table
    // inside takes no name of its own, or a screen reader would announce the caption twice.
    <TableContainer
      tabIndex={0}
      role="group"
      aria-label={caption}
      sx={{ maxWidth: '100%', maxHeight: 400, overflow: 'auto' }}
    >
      <Table size="small" stickyHeader>
        <TableHead>
          <TableRow>
            <TableCell>{t(`reports.bucket.${group}`)}</TableCell>
            {section.series.map((series) => (
              <TableCell key={series.key} align="right">
                {label(series.key, series.label)}
              </TableCell>
            ))}
          </TableRow>
        </TableHead>
        <TableBody>
          {buckets.map((bucket, index) => (
            <TableRow key={bucket}>
              <TableCell component="th" scope="row" sx={{ whiteSpace: 'nowrap' }}>
                {bucketLabel(bucket, group, locale)}
              </TableCell>
              {section.series.map((series) => (
                <TableCell key={series.key} align="right">
                  {figure(series.values[index] ?? null)}
                </TableCell>
              ))}
            </TableRow>
          ))}
        </TableBody>
        <TableFooter>
          <TableRow>
            <TableCell component="th" scope="row" sx={TOTAL_CELL}>
              {t(`reports.${reportTotalKey(section)}`)}
            </TableCell>
            {section.series.map((series) => (
              <TableCell key={series.key} align="right" sx={TOTAL_CELL}>
                {figure(series.total)}
              </TableCell>
            ))}
          </TableRow>
        </TableFooter>
      </Table>
    </TableContainer>
  );
}
