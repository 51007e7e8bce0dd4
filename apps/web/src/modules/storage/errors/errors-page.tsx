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
import {
  type ErrorGroup,
  type ErrorItem,
  errorGroupsResource,
  errorsResource,
  permissionResourceOf,
} from '@pult/contract';
import { useLayoutEffect, useState } from 'react';
import { Link as RouterLink, useSearchParams } from 'react-router';
import { useRouteCan } from '../../../access/route-resource';
import { useCan } from '../../../access/use-permissions';
import { useTranslation } from '../../../i18n/use-translation';
import { ResourceTable, RowActionSpacer } from '../../../table';
import { PageTitle } from '../../../ui/page-title';
import { LogRecordDialog } from '../logs/log-record-dialog';
import { OpenRecordButton } from '../logs/open-record-button';
import { RetentionDialog } from '../logs/retention-dialog';
import { STORAGE_SETTINGS_RESOURCE } from '../storage-api';
import { DeleteErrorsDialog } from './delete-errors-dialog';
import { errorsViewOf, errorViewsOf, groupActionOf } from './error-views';
import { useGroupStatus } from './use-group-status';

/** The grants' name of single errors; the page's own resource (its first menu resource) is the groups'. */
const ERRORS = permissionResourceOf(errorsResource);

/**
 * Route `/storage/errors`: the triage view (groups of identical errors, open ones by default) and,
 * with `?view=all`, every occurrence. Resolving a group hides it until it happens again. Each view,
 * action and button shows as the admin's grants allow.
 */
export default function ErrorsPage() {
  const { t } = useTranslation();
  const title = t('menu.items.storageErrors');
  const [searchParams] = useSearchParams();
  const lists = { groups: useRouteCan('list'), all: useCan(ERRORS, 'list') };
  const views = errorViewsOf(lists);
  const view = errorsViewOf(searchParams.get('view'), lists);
  const canDeleteRange = useCan(ERRORS, 'errors.delete-range');
  const canSeeRetention = useCan(STORAGE_SETTINGS_RESOURCE, 'read');
  const [deleting, setDeleting] = useState(false);
  const [retention, setRetention] = useState(false);

  return (
    <>
      <Stack
        direction="row"
        sx={{ justifyContent: 'space-between', alignItems: 'flex-start', gap: 1, flexWrap: 'wrap' }}
      >
        <PageTitle>{title}</PageTitle>
        {(canSeeRetention || canDeleteRange) && (
          <Stack direction="row" spacing={1} sx={{ mt: 0.5 }}>
            {canSeeRetention && (
              <Button startIcon={<ScheduleIcon />} onClick={() => setRetention(true)}>
                {t('storage.logs.retention')}
              </Button>
            )}
            {canDeleteRange && (
              <Button
                color="error"
                variant="outlined"
                startIcon={<DeleteSweepOutlinedIcon />}
                onClick={() => setDeleting(true)}
              >
                {t('storage.errors.deleteByDate')}
              </Button>
            )}
          </Stack>
        )}
      </Stack>
      {/* One view needs no tabs. */}
      {views.length > 1 && (
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
      )}
      {view === 'groups' ? (
        <GroupsTable label={title} canListErrors={lists.all} />
      ) : (
        <OccurrencesTable label={title} />
      )}
      {canDeleteRange && <DeleteErrorsDialog open={deleting} onClose={() => setDeleting(false)} />}
      {canSeeRetention && <RetentionDialog open={retention} onClose={() => setRetention(false)} />}
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

function GroupsTable({ label, canListErrors }: { label: string; canListErrors: boolean }) {
  const { t } = useTranslation();
  useOpenGroupsByDefault();
  const status = useGroupStatus();
  const grants = { resolve: useRouteCan('error-groups.resolve'), reopen: useRouteCan('error-groups.reopen') };
  const anyAction = grants.resolve || grants.reopen || canListErrors;
  return (
    <ResourceTable<ErrorGroup>
      descriptor={errorGroupsResource}
      label={label}
      rowActions={
        anyAction
          ? (group) => {
              const name = `#${group.id}`;
              const action = groupActionOf(group.status, grants);
              return (
                <>
                  {action ? (
                    <Tooltip title={t(`storage.errors.${action}`)}>
                      <IconButton
                        size="small"
                        color={action === 'resolve' ? 'success' : 'default'}
                        disabled={status.isPending}
                        aria-label={t(`storage.errors.${action}Row`, { name })}
                        onClick={() => status.mutate({ id: group.id, action })}
                      >
                        {action === 'resolve' ? (
                          <CheckCircleOutlineIcon fontSize="small" />
                        ) : (
                          <ReplayIcon fontSize="small" />
                        )}
                      </IconButton>
                    </Tooltip>
                  ) : (
                    <RowActionSpacer />
                  )}
                  {canListErrors ? (
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
                  ) : (
                    <RowActionSpacer />
                  )}
                </>
              );
            }
          : undefined
      }
    />
  );
}

function OccurrencesTable({ label }: { label: string }) {
  const [open, setOpen] = useState<number | null>(null);
  const canOpen = useCan(ERRORS, 'read');
  return (
    <>
      <ResourceTable<ErrorItem>
        descriptor={errorsResource}
        label={label}
        rowActions={canOpen ? (item) => <OpenRecordButton id={item.id} onOpen={setOpen} /> : undefined}
      />
      <LogRecordDialog resource={errorsResource} id={open} onClose={() => setOpen(null)} />
    </>
  );
}
