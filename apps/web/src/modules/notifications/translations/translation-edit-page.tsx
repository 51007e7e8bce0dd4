import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import { type Translation, translationForm, translationsResource } from '@pult/contract';
import { useCallback } from 'react';
import { Link as RouterLink, useNavigate, useParams } from 'react-router';
import type { FormMode } from '../../../forms/resource-form/form-values';
import { RecordStateView } from '../../../forms/resource-form/record-state-view';
import { ResourceForm } from '../../../forms/resource-form/resource-form';
import { parseRecordId, useRecord } from '../../../forms/resource-form/use-record';
import { useTranslation } from '../../../i18n/use-translation';
import { useDeleteRecord } from '../../../resources/use-delete-record';
import { useListReturnPath } from '../../../table';
import { PageTitle } from '../../../ui/page-title';
import { TRANSLATIONS_PATH } from './translation-view-page';
import { translationName } from './translations-list-page';

/** Routes `/notification/translations/create` and `/notification/translations/edit/{id}`. */
export default function TranslationEditPage({ mode }: { mode: FormMode }) {
  const { t } = useTranslation();
  const params = useParams();
  const id = mode === 'edit' ? parseRecordId(params.id ?? null) : null;
  const returnPath = useListReturnPath(TRANSLATIONS_PATH);
  const navigate = useNavigate();
  const back = useCallback(() => void navigate(returnPath), [navigate, returnPath]);
  return (
    <>
      <Button component={RouterLink} to={returnPath} startIcon={<ArrowBackIcon />} sx={{ mb: 1, ml: -1 }}>
        {t('form.backToList')}
      </Button>
      <PageTitle
        overline={[t(`common.${mode}`), id === null ? undefined : `#${id}`].filter(Boolean).join(' · ')}
      >
        {t('menu.items.translations')}
      </PageTitle>
      <Paper variant="outlined" sx={{ p: { xs: 2, sm: 3 }, maxWidth: 960 }}>
        {mode === 'create' ? (
          <ResourceForm
            form={translationForm}
            resource={translationsResource}
            mode="create"
            onSaved={back}
            onCancel={back}
          />
        ) : (
          <EditTranslation id={id} onDone={back} />
        )}
      </Paper>
    </>
  );
}

function EditTranslation({ id, onDone }: { id: number | null; onDone: () => void }) {
  const { t } = useTranslation();
  const state = useRecord<Translation>(translationsResource, id);
  const remove = useDeleteRecord(translationsResource);
  if (state.status !== 'ready')
    return <RecordStateView state={state} notFoundText={t('common.translationNotFound')} />;
  const { record } = state;
  return (
    <ResourceForm
      key={String(record.id)}
      form={translationForm}
      resource={translationsResource}
      mode="edit"
      record={record}
      onSaved={onDone}
      onCancel={onDone}
      onDelete={(version) => remove.mutateAsync({ id: record.id, version }).then(onDone, () => undefined)}
      deleting={remove.isPending}
      deleteTitle={t('notifications.translations.deleteTitle')}
      deleteText={t('notifications.translations.deleteText', { name: translationName(record) })}
    />
  );
}
