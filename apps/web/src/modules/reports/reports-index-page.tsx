import AdminPanelSettingsIcon from '@mui/icons-material/AdminPanelSettings';
import ChatIcon from '@mui/icons-material/Chat';
import ErrorIcon from '@mui/icons-material/Error';
import GroupIcon from '@mui/icons-material/Group';
import OutboxIcon from '@mui/icons-material/Outbox';
import StorageIcon from '@mui/icons-material/Storage';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardActions from '@mui/material/CardActions';
import CardContent from '@mui/material/CardContent';
import Grid from '@mui/material/Grid';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import type SvgIcon from '@mui/material/SvgIcon';
import Typography from '@mui/material/Typography';
import type { ReportId } from '@pult/contract';
import { useState } from 'react';
import { Link as RouterLink } from 'react-router';
import { useTranslation } from '../../i18n/use-translation';
import { PageTitle } from '../../ui/page-title';
import { useReportIndex } from './reports-api';
import { SavedReportsList } from './saved-reports-list';
import { type ScheduleDialogState, ScheduleDialogs, SchedulesSection } from './schedules/schedules-section';
import { useReportText } from './use-report-text';

const ICONS: Record<ReportId, typeof SvgIcon> = {
  users: GroupIcon,
  delivery: OutboxIcon,
  administrators: AdminPanelSettingsIcon,
  storage: StorageIcon,
  errors: ErrorIcon,
  chat: ChatIcon,
};

/** Route `/reports`: the reports this administrator may open, each a card leading to its screen. */
export default function ReportsIndexPage() {
  const { t } = useTranslation();
  const index = useReportIndex();
  const [dialog, setDialog] = useState<ScheduleDialogState>();
  return (
    <>
      <PageTitle>{t('reports.title')}</PageTitle>
      <Typography color="text.secondary" sx={{ mt: -2, mb: 3 }}>
        {t('reports.intro')}
      </Typography>
      {index.isError && (
        <Alert
          severity="error"
          action={
            <Button color="inherit" size="small" onClick={() => void index.refetch()}>
              {t('reports.retry')}
            </Button>
          }
        >
          {t('reports.indexFailed')}
        </Alert>
      )}
      {index.data?.reports.length === 0 && <Alert severity="info">{t('reports.none')}</Alert>}
      <Grid container spacing={3}>
        {index.isPending
          ? [0, 1].map((slot) => (
              <Grid key={slot} size={{ xs: 12, md: 6, xl: 4 }}>
                <Skeleton variant="rounded" height={150} />
              </Grid>
            ))
          : index.data?.reports.map((report) => (
              <Grid key={report.id} size={{ xs: 12, md: 6, xl: 4 }}>
                <ReportCard id={report.id} />
              </Grid>
            ))}
      </Grid>
      <SavedReportsList onSchedule={(savedReportId) => setDialog({ kind: 'new', savedReportId })} />
      <SchedulesSection onOpen={setDialog} />
      <ScheduleDialogs state={dialog} onClose={() => setDialog(undefined)} />
    </>
  );
}

function ReportCard({ id }: { id: ReportId }) {
  const { t } = useTranslation();
  const text = useReportText(id);
  const Icon = ICONS[id];
  return (
    <Card variant="outlined" sx={{ height: '100%', display: 'flex', flexDirection: 'column' }}>
      <CardContent sx={{ flexGrow: 1 }}>
        <Stack direction="row" spacing={1.5} sx={{ alignItems: 'center', mb: 1 }}>
          <Icon color="primary" />
          <Typography variant="h6" component="h2">
            {text.title}
          </Typography>
        </Stack>
        <Typography color="text.secondary">{text.description}</Typography>
      </CardContent>
      <CardActions>
        <Button
          component={RouterLink}
          to={`/reports/${id}`}
          aria-label={`${t('reports.open')}: ${text.title}`}
        >
          {t('reports.open')}
        </Button>
      </CardActions>
    </Card>
  );
}
