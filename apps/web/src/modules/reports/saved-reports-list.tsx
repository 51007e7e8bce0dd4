import DeleteIcon from '@mui/icons-material/Delete';
import ScheduleSendIcon from '@mui/icons-material/ScheduleSend';
import Alert from '@mui/material/Alert';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Grid from '@mui/material/Grid';
import IconButton from '@mui/material/IconButton';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemText from '@mui/material/ListItemText';
import Typography from '@mui/material/Typography';
import type { SavedReport } from '@pult/contract';
import { useState } from 'react';
import { Link as RouterLink } from 'react-router';
import { useCan } from '../../access/use-permissions';
import type { TextKey } from '../../forms/view-text';
import { useTranslation } from '../../i18n/use-translation';
import { ConfirmDialog } from '../../ui/confirm-dialog';
import { SAVED_REPORTS, savedReportPath, useDeleteSavedReport, useSavedReports } from './saved-reports-api';
import { REPORT_SCHEDULES } from './schedules/schedules-api';

/**
 * The Reports index's saved reports: the administrator's own, and those colleagues shared with a group
 * of theirs. Opening one replays its parameters on the report's screen.
 */
export function SavedReportsList({ onSchedule }: { onSchedule: (savedReportId: number) => void }) {
  const { t } = useTranslation();
  const saved = useSavedReports();
  const mayList = useCan(SAVED_REPORTS, 'list');
  if (!mayList) return null;
  const items = saved.data?.items ?? [];
  const mine = items.filter((item) => item.mine);
  const shared = items.filter((item) => !item.mine);
  return (
    <>
      <Typography variant="h5" component="h2" sx={{ mt: 4, mb: 2 }}>
        {t('reports.saved.title')}
      </Typography>
      {saved.isError && <Alert severity="error">{t('reports.saved.failed')}</Alert>}
      {saved.isSuccess && (
        <Grid container spacing={3}>
          <Grid size={{ xs: 12, md: 6 }}>
            <SavedGroup
              title={t('reports.saved.mine')}
              empty={t('reports.saved.noneMine')}
              items={mine}
              onSchedule={onSchedule}
            />
          </Grid>
          <Grid size={{ xs: 12, md: 6 }}>
            <SavedGroup
              title={t('reports.saved.shared')}
              empty={t('reports.saved.noneShared')}
              items={shared}
              onSchedule={onSchedule}
            />
          </Grid>
        </Grid>
      )}
    </>
  );
}

interface SavedGroupProps {
  title: string;
  empty: string;
  items: SavedReport[];
  onSchedule: (savedReportId: number) => void;
}

function SavedGroup({ title, empty, items, onSchedule }: SavedGroupProps) {
  return (
    <Card variant="outlined" component="section" aria-label={title} sx={{ height: '100%' }}>
      <CardContent>
        <Typography variant="h6" component="h3">
          {title}
        </Typography>
        {items.length === 0 ? (
          <Typography color="text.secondary" sx={{ pt: 1 }}>
            {empty}
          </Typography>
        ) : (
          <List dense>
            {items.map((item) => (
              <SavedItem key={item.id} item={item} onSchedule={() => onSchedule(item.id)} />
            ))}
          </List>
        )}
      </CardContent>
    </Card>
  );
}

function SavedItem({ item, onSchedule }: { item: SavedReport; onSchedule: () => void }) {
  const { t } = useTranslation();
  const remove = useDeleteSavedReport();
  const [confirming, setConfirming] = useState(false);
  const mayDelete = useCan(SAVED_REPORTS, 'delete') && item.mine;
  const maySchedule = useCan(REPORT_SCHEDULES, 'create');
  const report = t(`reports.${item.report}.title` as TextKey);
  const details = item.mine
    ? item.shared_with.length > 0
      ? t('reports.saved.sharedWith', { groups: item.shared_with.join(', '), report })
      : t('reports.saved.private', { report })
    : t('reports.saved.by', { owner: item.owner_name, report });
  return (
    <ListItem
      disablePadding
      secondaryAction={
        <>
          {maySchedule && (
            <IconButton
              edge={mayDelete ? false : 'end'}
              aria-label={t('reports.schedules.schedule', { name: item.name })}
              title={t('reports.schedules.schedule', { name: item.name })}
              onClick={onSchedule}
            >
              <ScheduleSendIcon />
            </IconButton>
          )}
          {mayDelete && (
            <IconButton
              edge="end"
              aria-label={t('reports.saved.delete', { name: item.name })}
              onClick={() => setConfirming(true)}
            >
              <DeleteIcon />
            </IconButton>
          )}
        </>
      }
    >
      <ListItemButton component={RouterLink} to={savedReportPath(item)}>
        <ListItemText primary={item.name} secondary={details} />
      </ListItemButton>
      <ConfirmDialog
        open={confirming}
        title={t('reports.saved.deleteTitle')}
        text={t('reports.saved.deleteText', { name: item.name })}
        confirmLabel={t('table.delete')}
        destructive
        busy={remove.isPending}
        onConfirm={() => remove.mutate(item.id, { onSettled: () => setConfirming(false) })}
        onClose={() => setConfirming(false)}
      />
    </ListItem>
  );
}
