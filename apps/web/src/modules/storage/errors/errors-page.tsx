import CheckCircleOutlineIcon from '@mui/icons-material/CheckCircleOutlineOutlined';
import DeleteSweepOutlinedIcon from '@mui/icons-material/DeleteSweepOutlined';
import ListAltIcon from '@mui/icons-material/ListAlt';
import ReplayIcon from '@mui/icons-material/Replay';
import ScheduleIcon from '@mui/icons-material/Schedule';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import Stack from '@mui/material/Stack';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import Tooltip from '@mui/material/Tooltip';
import { type ErrorGroup, type ErrorItem, errorGroupsResource, errorsResource } from '@pult/contract';
import { useLayoutEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useSearchParams } from 'react-router';
import { ResourceTable } from '../../../table';
import { PageTitle } from '../../../ui/page-title';
import { LogRecordDialog } from '../logs/log-record-dialog';
import { OpenRecordButton } from '../logs/open-record-button';
import { RetentionDialog } from '../logs/retention-dialog';
import { DeleteErrorsDialog } from './delete-errors-dialog';
import { useGroupStatus } from './use-group-status';

/**
 * Route `/storage/errors`: the triage view (groups of identical errors, open ones by default) and,
 * with `?view=all`, every occurrence. Resolving a group hides it until it happens again.
 */
export default function ErrorsPage() {
  const { t } = useTranslation();
  const title = t('menu.items.storageErrors');
  const [searchParams] = useSearchParams();
  const view = searchParams.get('view') === 'all' ? 'all' : 'groups';
  const [deleting, setDeleting] = useState(false);
  const [retention, setRetention] = useState(false);

  return (
    <>
      <Stack
        direction="row"
        sx={{ justifyContent: 'space-between', alignItems: 'flex-start', gap: 1, flexWrap: 'wrap' }}
      >
        <PageTitle>{title}</PageTitle>
        <Stack direction="row" spacing={1} sx={{ mt: 0.5 }}>
          <Button startIcon={<ScheduleIcon />} onClick={() => setRetention(true)}>
            {t('storage.logs.retention')}
          </Button>
          <Button
            color="error"
            variant="outlined"
            startIcon={<DeleteSweepOutlinedIcon />}
            onClick={() => setDeleting(true)}
          >
            {t('storage.errors.deleteByDate')}
          </Button>
        </Stack>
      </Stack>
      <Tabs value={view} sx={{ mb: 2, borderBottom: 1, borderColor: 'divider' }}>
        <Tab
          value="groups"
          label={t('storage.errors.tabs.groups')}
          component={RouterLink}
          to="/storage/errors"
        />
        <Tab
          value="all"
          label={t('storage.errors.tabs.all')}
          component={RouterLink}
          to="/storage/errors?view=all"
        />
      </Tabs>
      {view === 'groups' ? <GroupsTable label={title} /> : <OccurrencesTable label={title} />}
      <DeleteErrorsDialog open={deleting} onClose={() => setDeleting(false)} />
      <RetentionDialog open={retention} onClose={() => setRetention(false)} />
    </>
  );
}

/** Opening the triage view without any table state shows the open groups. */
function useOpenGroupsByDefault() {
  const [searchParams, setSearchParams] = useSearchParams();
  const bare = ![...searchParams.keys()].some(
    (key) => key === 'page' || key === 'sort' || key.startsWith('filter['),
  );
  useLayoutEffect(() => {
    if (bare) setSearchParams({ 'filter[status]': 'open' }, { replace: true });
  }, [bare, setSearchParams]);
}

function GroupsTable({ label }: { label: string }) {
  const { t } = useTranslation();
  useOpenGroupsByDefault();
  const status = useGroupStatus();
  return (
    <ResourceTable<ErrorGroup>
      descriptor={errorGroupsResource}
      label={label}
      rowActions={(group) => {
        const name = `#${group.id}`;
        const resolve = group.status === 'open';
        return (
          <>
            <Tooltip title={resolve ? t('storage.errors.resolve') : t('storage.errors.reopen')}>
              <IconButton
                size="small"
                color={resolve ? 'success' : 'default'}
                disabled={status.isPending}
                aria-label={t(resolve ? 'storage.errors.resolveRow' : 'storage.errors.reopenRow', { name })}
                onClick={() => status.mutate({ id: group.id, action: resolve ? 'resolve' : 'reopen' })}
              >
                {resolve ? <CheckCircleOutlineIcon fontSize="small" /> : <ReplayIcon fontSize="small" />}
              </IconButton>
            </Tooltip>
            <Tooltip title={t('storage.errors.occurrences')}>
              <IconButton
                size="small"
                component={RouterLink}
                to={`/storage/errors?view=all&filter[group_id]=${group.id}`}
                aria-label={t('storage.errors.occurrencesRow', { name })}
              >
                <ListAltIcon fontSize="small" />
              </IconButton>
            </Tooltip>
          </>
        );
      }}
    />
  );
}

function OccurrencesTable({ label }: { label: string }) {
  const [open, setOpen] = useState<number | null>(null);
  return (
    <>
      <ResourceTable<ErrorItem>
        descriptor={errorsResource}
        label={label}
        rowActions={(item) => <OpenRecordButton id={item.id} onOpen={setOpen} />}
      />
      <LogRecordDialog resource={errorsResource} id={open} onClose={() => setOpen(null)} />
    </>
  );
}
