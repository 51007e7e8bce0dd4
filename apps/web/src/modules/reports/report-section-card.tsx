import DownloadIcon from '@mui/icons-material/Download';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import {
  type ReportGroup,
  type ReportId,
  type ReportSection,
  reportTotalKey,
  sectionCsv,
} from '@pult/contract';
import { Suspense } from 'react';
import { lazyWithRetry } from '../../app/lazy-with-retry';
import { useTranslation } from '../../i18n/use-translation';
import { downloadText } from './report-csv';
import { PRINT_HIDDEN } from './report-print';
import { ReportTable } from './report-table';
import { useReportText } from './use-report-text';

const ReportChart = lazyWithRetry(() => import('./report-chart'));

export interface ReportSectionCardProps {
  report: ReportId;
  section: ReportSection;
  buckets: readonly string[];
  /** The period it covers (the CSV's file name) and how it is grouped. */
  period: { from: string; to: string; group: ReportGroup };
}

/** One table of a report: its title, a CSV download, the chart and the figures behind it. */
export function ReportSectionCard({ report, section, buckets, period }: ReportSectionCardProps) {
  const { t } = useTranslation();
  const text = useReportText(report);
  const title = text.section(section.id);
  const label = text.series(section.id);
  // Zero counts, or a measure that had nothing to measure: nothing happened.
  const empty = section.series.every((series) => !series.total);
  const download = () =>
    downloadText(
      `${report}-${section.id}-${period.from}-${period.to}.csv`,
      sectionCsv(
        section,
        buckets,
        { bucket: t(`reports.bucket.${period.group}`), total: t(`reports.${reportTotalKey(section)}`) },
        label,
      ),
    );
  return (
    <Card variant="outlined" component="section" aria-label={title}>
      <CardContent>
        <Stack direction="row" sx={{ alignItems: 'center', mb: 1 }}>
          <Typography variant="h6" component="h2" sx={{ flexGrow: 1 }}>
            {title}
          </Typography>
          <Button
            size="small"
            startIcon={<DownloadIcon />}
            onClick={download}
            aria-label={t('reports.downloadCsvLabel', { section: title })}
            {...PRINT_HIDDEN}
          >
            {t('reports.downloadCsv')}
          </Button>
        </Stack>
        {empty ? (
          <Typography color="text.secondary" sx={{ py: 2 }}>
            {t('reports.noData')}
          </Typography>
        ) : (
          <Suspense fallback={<Skeleton variant="rounded" height={220} />}>
            <ReportChart
              section={section}
              buckets={buckets}
              group={period.group}
              label={label}
              // Figures of the whole period (percentiles, means) are no parts of a sum: side by side.
              stacked={section.id !== 'retention' && section.totals !== 'period'}
            />
          </Suspense>
        )}
        {!empty && (
          <Box sx={{ mt: 2 }}>
            <ReportTable
              section={section}
              buckets={buckets}
              group={period.group}
              label={label}
              caption={title}
            />
          </Box>
        )}
      </CardContent>
    </Card>
  );
}
