import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import CardHeader from '@mui/material/CardHeader';
import Grid from '@mui/material/Grid';
import { AVAILABLE_LOCALES_KEY, type Setting, settingsResource } from '@pult/contract';
import { useRouteCan } from '../../access/route-resource';
import { EditRowButton } from '../../forms/resource-form/edit-row-button';
import { useRecordDialogs } from '../../forms/resource-form/use-record-dialogs';
import { useTranslation } from '../../i18n/use-translation';
import { DeleteRowButton, ResourceTable, RowActionSpacer } from '../../table';
import { ConfirmDialog } from '../../ui/confirm-dialog';
import { ListPageHeader } from '../../ui/list-page-header';
import { ApiKeysList } from './settings/api-keys-list';
import { SettingDialog } from './settings/setting-dialog';
import { SettingsActionsCard } from './settings/settings-actions-card';

type SettingRow = Setting & Record<string, unknown>;

/**
 * Route `/auth/settings`: the typed settings, edited in a dialog, then the platform-wide actions and
 * the services' API keys.
 */
export default function SettingsPage() {
  const { t } = useTranslation();
  const dialogs = useRecordDialogs<SettingRow>(settingsResource, (row) => row.key);
  const title = t('menu.items.authSettings');
  const editing = dialogs.formDialog?.mode === 'edit' ? dialogs.formDialog.record : undefined;
  const canRevoke = useRouteCan('settings.revoke-user-tokens');
  const canRegenerate = useRouteCan('settings.regenerate-api-keys');
  const showActions = canRevoke || canRegenerate;
  const canSeeKeys = useRouteCan('settings.api-keys');

  return (
    <>
      <ListPageHeader
        title={title}
        createLabel={t('settings.list.create')}
        create={{ onClick: dialogs.openCreate }}
      />
      <ResourceTable<SettingRow>
        descriptor={settingsResource}
        label={title}
        rowKey={(row) => row.key}
        rowActions={(row) => (
          <>
            <EditRowButton name={row.key} onClick={() => dialogs.openEdit(row)} />
            {/* The language picker needs it: the server would refuse anyway. */}
            {row.key === AVAILABLE_LOCALES_KEY ? (
              <RowActionSpacer />
            ) : (
              <DeleteRowButton name={row.key} onClick={() => dialogs.askDelete(row)} />
            )}
          </>
        )}
      />
      {(showActions || canSeeKeys) && (
        <Grid container spacing={3} sx={{ mt: 3 }}>
          {showActions && (
            <Grid size={{ xs: 12, lg: 6 }}>
              <SettingsActionsCard />
            </Grid>
          )}
          {canSeeKeys && (
            <Grid size={{ xs: 12, lg: 6 }}>
              <Card variant="outlined" sx={{ height: '100%' }}>
                <CardHeader
                  title={t('settings.apiKeys.title')}
                  subheader={t('settings.apiKeys.text')}
                  slotProps={{ title: { component: 'h2', variant: 'h6' } }}
                />
                <CardContent sx={{ pt: 0 }}>
                  <ApiKeysList />
                </CardContent>
              </Card>
            </Grid>
          )}
        </Grid>
      )}
      <SettingDialog
        key={dialogs.formKey}
        open={dialogs.formOpen}
        setting={editing}
        onClose={dialogs.closeForm}
      />
      <ConfirmDialog
        open={dialogs.confirmingDelete}
        title={t('settings.list.deleteTitle')}
        text={dialogs.deleteTarget ? t('settings.list.deleteText', { key: dialogs.deleteTarget.key }) : ''}
        confirmLabel={t('table.delete')}
        destructive
        busy={dialogs.deleting}
        onConfirm={dialogs.confirmDelete}
        onClose={dialogs.cancelDelete}
      />
    </>
  );
}
