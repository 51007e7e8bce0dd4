import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import SendIcon from '@mui/icons-material/Send';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Grid from '@mui/material/Grid';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { type Template, templateForm, templatesResource } from '@pult/contract';
import { useCallback, useMemo } from 'react';
import { Link as RouterLink, useNavigate, useSearchParams } from 'react-router';
import { useRouteCan } from '../../../access/route-resource';
import type { FormMode } from '../../../forms/resource-form/form-values';
import { RecordStateView } from '../../../forms/resource-form/record-state-view';
import { ResourceForm } from '../../../forms/resource-form/resource-form';
import { parseRecordId, useRecord } from '../../../forms/resource-form/use-record';
import { useLocale } from '../../../i18n/use-locale';
import { useTranslation } from '../../../i18n/use-translation';
import { useDeleteRecord } from '../../../resources/use-delete-record';
import { useListReturnPath } from '../../../table';
import { PageTitle } from '../../../ui/page-title';
import { SendTestDialog } from './send-test-dialog';
import { TemplatePreviewPanel } from './template-preview-panel';
import { TemplateUsage } from './template-usage';
import { TEMPLATES_PATH } from './templates-list-page';
import { useSendTest } from './use-send-test';
import { useTemplatePreview } from './use-template-preview';

const NEW_TEMPLATE = {
  type: 'email',
  priority: 5,
  is_active: true,
  content: '<p>Hello, {name}!</p>',
  sample_variables: '{\n  "name": "Olena"\n}',
};

/** Routes `/notification/templates/create` and `/notification/templates/edit?id=N`: the form with its live preview. */
export default function TemplateEditPage({ mode }: { mode: FormMode }) {
  const { t } = useTranslation();
  const [searchParams] = useSearchParams();
  const id = mode === 'edit' ? parseRecordId(searchParams.get('id')) : null;
  const returnPath = useListReturnPath(TEMPLATES_PATH);
  const overline = [t(`common.${mode}`), id === null ? undefined : `#${id}`].filter(Boolean).join(' · ');
  return (
    <>
      <Button component={RouterLink} to={returnPath} startIcon={<ArrowBackIcon />} sx={{ mb: 1, ml: -1 }}>
        {t('form.backToList')}
      </Button>
      <PageTitle overline={overline}>{t('menu.items.templates')}</PageTitle>
      {mode === 'create' ? <TemplateEditor /> : <EditTemplate id={id} />}
    </>
  );
}

function EditTemplate({ id }: { id: number | null }) {
  const state = useRecord<Template>(templatesResource, id);
  if (state.status !== 'ready') return <RecordStateView state={state} />;
  return <TemplateEditor key={state.record.id} template={state.record} />;
}

function TemplateEditor({ template }: { template?: Template }) {
  const { t } = useTranslation();
  const locale = useLocale();
  const navigate = useNavigate();
  const returnPath = useListReturnPath(TEMPLATES_PATH);
  const back = useCallback(() => void navigate(returnPath), [navigate, returnPath]);
  const canPreview = useRouteCan('templates.preview');
  const canSendTest = useRouteCan('templates.send-test');
  const { preview, onValuesChange, dirty } = useTemplatePreview(canPreview);
  const remove = useDeleteRecord(templatesResource);
  const test = useSendTest(template?.id ?? 0, locale);
  const initialValues = useMemo(() => (template ? undefined : NEW_TEMPLATE), [template]);

  return (
    <Stack spacing={2}>
      <Grid container spacing={2}>
        <Grid size={{ xs: 12, lg: 8 }}>
          <Paper variant="outlined" sx={{ p: { xs: 2, sm: 3 } }}>
            {template?.is_system && (
              <Alert severity="info" sx={{ mb: 2 }}>
                {t('notifications.templates.systemHint')}
              </Alert>
            )}
            <ResourceForm
              form={templateForm}
              resource={templatesResource}
              mode={template ? 'edit' : 'create'}
              record={template}
              initialValues={initialValues}
              onSaved={back}
              onCancel={back}
              onValuesChange={onValuesChange}
              onDelete={
                template && !template.is_system
                  ? (version) => remove.mutateAsync({ id: template.id, version }).then(back, () => undefined)
                  : undefined
              }
              deleting={remove.isPending}
              deleteTitle={t('notifications.templates.deleteTitle')}
              deleteText={
                template ? t('notifications.templates.deleteText', { name: template.name }) : undefined
              }
            />
          </Paper>
        </Grid>
        <Grid size={{ xs: 12, lg: 4 }}>
          <Paper variant="outlined" sx={{ p: { xs: 2, sm: 3 } }}>
            <Stack spacing={2}>
              {canPreview && <TemplateUsage preview={preview.data} />}
              <Typography variant="caption" color="text.secondary">
                {t('notifications.templates.syntaxHint')}
              </Typography>
              {template && canSendTest && (
                <Button
                  variant="outlined"
                  startIcon={<SendIcon />}
                  onClick={test.show}
                  sx={{ alignSelf: 'flex-start' }}
                >
                  {t('notifications.templates.test.open')}
                </Button>
              )}
            </Stack>
          </Paper>
        </Grid>
      </Grid>
      {canPreview && (
        <TemplatePreviewPanel preview={preview.data} loading={preview.isFetching} failed={preview.isError} />
      )}
      {template && canSendTest && <SendTestDialog test={test} dirty={dirty} />}
    </Stack>
  );
}
