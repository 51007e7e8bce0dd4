import Typography from '@mui/material/Typography';
import type { ReportId, ReportResult } from '@pult/contract';
import { formatDate, formatDateTime } from '../../i18n/format-date';
import { useLocale } from '../../i18n/use-locale';
import { useTranslation } from '../../i18n/use-translation';
import { PRINT_ONLY } from './report-print';
import { useFilterSummary } from './use-filter-summary';

export interface ReportPrintHeaderProps {
  report: ReportId;
  result: ReportResult;
  filters: Record<string, string>;
}

/**
 * What the printed page says of itself in place of the toolbar: the period (its preset and the dates
 * it resolved to), the grouping, the time zone, the filters, and when the figures were computed.
 */
export function ReportPrintHeader({ report, result, filters }: ReportPrintHeaderProps) {
  const { t } = useTranslation();
  const locale = useLocale();
  const filterLines = useFilterSummary(report, filters);
  const { period } = result;
  const dates = `${formatDate(period.from, locale)} – ${formatDate(period.to, locale)}`;
  const lines = [
    `${t('reports.period')}: ${period.preset ? `${t(`reports.presets.${period.preset}`)}, ${dates}` : dates}`,
    `${t('reports.group')}: ${t(`reports.groups.${period.group}`)}`,
    `${t('reports.print.zone')}: ${period.tz}`,
    ...filterLines,
    `${t('reports.print.generated')}: ${formatDateTime(result.generatedAt, locale, period.tz)}`,
  ];
  return (
    <Typography
      component="div"
      variant="body2"
      data-testid="report-print-header"
      {...PRINT_ONLY}
      sx={{ mb: 2 }}
    >
      {lines.map((line) => (
        <div key={line}>{line}</div>
      ))}
    </Typography>
  );
}
