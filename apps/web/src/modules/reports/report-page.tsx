import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import SaveIcon from '@mui/icons-material/BookmarkAdd';
import PrintIcon from '@mui/icons-material/Print';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import LinearProgress from '@mui/material/LinearProgress';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { REPORT_IDS, type ReportId, type ReportResult } from '@pult/contract';
import { lazy, Suspense, useState } from 'react';
import { Link as RouterLink, useParams, useSearchParams } from 'react-router';
import { useCan } from '../../access/use-permissions';
import { formatDate } from '../../i18n/format-date';
import { useTimeZone } from '../../i18n/time-zone-store';
import { useLocale } from '../../i18n/use-locale';
import { useTranslation } from '../../i18n/use-translation';
import { notifier } from '../../notify/notifier';
import NotFoundPage from '../../ui/not-found-page';
import { apiQueryOf, choiceFromSearch, type ReportChoice, searchOfChoice } from './report-params';
import { PRINT_HIDDEN, PrintTheme, ReportPrintStyles } from './report-print';
import { ReportPrintHeader } from './report-print-header';
import { ReportSectionCard } from './report-section-card';
import { ReportToolbar } from './report-toolbar';
import { useReport } from './reports-api';
import { SAVED_REPORTS } from './saved-reports-api';
import { useReportText } from './use-report-text';

function isReportId(value: string | undefined): value is ReportId {
  return value !== undefined && (REPORT_IDS as readonly string[]).includes(value);
}

/** Route `/reports/:id`: one report, its period, grouping and filters in the URL. */
export default function ReportPage() {
  const { id } = useParams();
  return isReportId(id) ? <Report id={id} /> : <NotFoundPage />;
}

// Loaded when Save is pressed: its form (a groups Autocomplete) counts against no report's first load.
const SaveReportDialog = lazy(() =>
  import('./save-report-dialog').then((module) => ({ default: module.SaveReportDialog })),
);

function Report({ id }: { id: ReportId }) {
  const { t } = useTranslation();
  const text = useReportText(id);
  const { zone } = useTimeZone();
  const [search, setSearch] = useSearchParams();
  const choice = choiceFromSearch(search);
  const report = useReport(id, apiQueryOf(choice, zone));
  const change = (next: ReportChoice) => setSearch(searchOfChoice(next), { replace: true });
  const maySave = useCan(SAVED_REPORTS, 'create');
  const [saving, setSaving] = useState(false);
  return (
    <PrintTheme>
      <ReportPrintStyles />
      <Button
        component={RouterLink}
        to="/reports"
        startIcon={<ArrowBackIcon />}
        size="small"
        sx={{ mb: 1 }}
        {...PRINT_HIDDEN}
      >
        {t('reports.back')}
      </Button>
      <Stack direction="row" sx={{ alignItems: 'flex-start', flexWrap: 'wrap', gap: 2, mb: 1 }}>
        <Typography variant="h4" component="h1" tabIndex={-1} sx={{ flexGrow: 1 }}>
          {text.title}
        </Typography>
        <Stack direction="row" spacing={1} {...PRINT_HIDDEN}>
          {maySave && (
            <Button variant="outlined" startIcon={<SaveIcon />} onClick={() => setSaving(true)}>
              {t('reports.saved.action')}
            </Button>
          )}
          <Button variant="outlined" startIcon={<PrintIcon />} onClick={() => window.print()}>
            {t('reports.print.action')}
          </Button>
        </Stack>
      </Stack>
      <Typography color="text.secondary" sx={{ mb: 3 }}>
        {text.description}
      </Typography>
      <Box {...PRINT_HIDDEN}>
        <ReportToolbar report={id} choice={choice} resolved={report.data?.period} onChange={change} />
        {report.isFetching && <LinearProgress sx={{ mb: 1 }} aria-label={t('app.loading')} />}
      </Box>
      {report.isError && (
        <Alert
          severity="error"
          sx={{ mb: 2 }}
          action={
            <Button color="inherit" size="small" onClick={() => void report.refetch()}>
              {t('reports.retry')}
            </Button>
          }
        >
          {t('reports.failed')} {report.error.message}
        </Alert>
      )}
      {report.data ? (
        <ReportBody report={report.data} filters={choice.filters} />
      ) : (
        !report.isError && <Skeleton variant="rounded" height={320} />
      )}
      {saving && (
        <Suspense fallback={null}>
          <SaveReportDialog
            report={id}
            query={Object.fromEntries(searchOfChoice(choice))}
            onClose={() => setSaving(false)}
            onSaved={(name) => {
              setSaving(false);
              notifier.notify('success', t('reports.saved.done', { name }));
            }}
          />
        </Suspense>
      )}
    </PrintTheme>
  );
}

function ReportBody({ report, filters }: { report: ReportResult; filters: Record<string, string> }) {
  const { t } = useTranslation();
  const locale = useLocale();
  const { period } = report;
  return (
    // The header is outside the stack: hidden on screen, it would still take the stack's first gap.
    <>
      <ReportPrintHeader report={report.id} result={report} filters={filters} />
      <Stack spacing={3}>
        <Typography variant="body2" color="text.secondary" {...PRINT_HIDDEN}>
          {t('reports.range', {
            from: formatDate(period.from, locale),
            to: formatDate(period.to, locale),
            zone: period.tz,
          })}
        </Typography>
        {report.sections.map((section) => (
          <ReportSectionCard
            key={section.id}
            report={report.id}
            section={section}
            buckets={report.buckets}
            period={period}
          />
        ))}
      </Stack>
    </>
  );
}
