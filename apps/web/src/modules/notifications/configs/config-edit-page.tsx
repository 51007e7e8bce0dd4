import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Grid from '@mui/material/Grid';
import Paper from '@mui/material/Paper';
import { useCallback } from 'react';
import { Link as RouterLink, useNavigate, useSearchParams } from 'react-router';
import { useRouteCan } from '../../../access/route-resource';
import type { FormMode } from '../../../forms/resource-form/form-values';
import { RecordStateView } from '../../../forms/resource-form/record-state-view';
import { ResourceForm } from '../../../forms/resource-form/resource-form';
import { parseRecordId, useRecord } from '../../../forms/resource-form/use-record';
import { useTranslation } from '../../../i18n/use-translation';
import { useDeleteRecord } from '../../../resources/use-delete-record';
import { useListReturnPath } from '../../../table';
import { PageTitle } from '../../../ui/page-title';
import { CONFIG_SCREENS, type ConfigKindName } from './config-screens';
import { ConfigTestPanel } from './config-test-panel';
import { useConfigTest } from './use-config-test';

interface StoredConfig {
  id: number;
  name: string;
  config_secrets: string[];
  template_count: number;
  [field: string]: unknown;
}

/** Routes `/notification/{kind}-configs/create` and `…/edit?id=N`: the form with its check panel. */
export default function ConfigEditPage({ kind, mode }: { kind: ConfigKindName; mode: FormMode }) {
  const { t } = useTranslation();
  const screen = CONFIG_SCREENS[kind];
  const [searchParams] = useSearchParams();
  const id = mode === 'edit' ? parseRecordId(searchParams.get('id')) : null;
  const returnPath = useListReturnPath(screen.path);
  const overline = [t(`common.${mode}`), id === null ? undefined : `#${id}`].filter(Boolean).join(' · ');
  return (
    <>
      <Button component={RouterLink} to={returnPath} startIcon={<ArrowBackIcon />} sx={{ mb: 1, ml: -1 }}>
        {t('form.backToList')}
      </Button>
      <PageTitle overline={overline}>{t(screen.titleKey)}</PageTitle>
      {mode === 'create' ? <ConfigEditor kind={kind} /> : <EditConfig kind={kind} id={id} />}
    </>
  );
}

function EditConfig({ kind, id }: { kind: ConfigKindName; id: number | null }) {
  const state = useRecord<StoredConfig>(CONFIG_SCREENS[kind].resource, id);
  if (state.status !== 'ready') return <RecordStateView state={state} />;
  return <ConfigEditor key={state.record.id} kind={kind} config={state.record} />;
}

function ConfigEditor({ kind, config }: { kind: ConfigKindName; config?: StoredConfig }) {
  const { t } = useTranslation();
  const screen = CONFIG_SCREENS[kind];
  const navigate = useNavigate();
  const returnPath = useListReturnPath(screen.path);
  const back = useCallback(() => void navigate(returnPath), [navigate, returnPath]);
  const remove = useDeleteRecord(screen.resource);
  const test = useConfigTest(screen, config?.id ?? null);
  const canCheck = useRouteCan('configs.check');
  const canSendTest = useRouteCan('configs.send-test');

  return (
    <Grid container spacing={2}>
      <Grid size={{ xs: 12, lg: 8 }}>
        <Paper variant="outlined" sx={{ p: { xs: 2, sm: 3 } }}>
          {config && config.template_count > 0 && (
            <Alert severity="info" sx={{ mb: 2 }}>
              {t('notifications.configs.usedBy', { count: config.template_count })}
            </Alert>
          )}
          {config && config.config_secrets.length > 0 && (
            <Alert severity="info" sx={{ mb: 2 }}>
              {t('notifications.configs.storedSecrets', { keys: config.config_secrets.join(', ') })}
            </Alert>
          )}
          <ResourceForm
            form={screen.form}
            resource={screen.resource}
            mode={config ? 'edit' : 'create'}
            record={config}
            initialValues={config ? undefined : screen.initialValues}
            onSaved={back}
            onCancel={back}
            onValuesChange={test.onValuesChange}
            onDelete={
              config
                ? (version) => remove.mutateAsync({ id: config.id, version }).then(back, () => undefined)
                : undefined
            }
            deleting={remove.isPending}
            deleteTitle={t('notifications.configs.deleteTitle')}
            deleteText={config ? t('notifications.configs.deleteText', { name: config.name }) : undefined}
          />
        </Paper>
      </Grid>
      {(canCheck || canSendTest) && (
        <Grid size={{ xs: 12, lg: 4 }}>
          <Paper variant="outlined" sx={{ p: { xs: 2, sm: 3 } }}>
            <ConfigTestPanel screen={screen} test={test} canCheck={canCheck} canSendTest={canSendTest} />
          </Paper>
        </Grid>
      )}
    </Grid>
  );
}
