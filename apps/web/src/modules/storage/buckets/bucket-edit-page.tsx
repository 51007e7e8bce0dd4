import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { type Bucket, bucketForm, bucketsResource, NEW_BUCKET_DEFAULTS } from '@pult/contract';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useState } from 'react';
import { Link as RouterLink, useNavigate, useSearchParams } from 'react-router';
import type { FormMode } from '../../../forms/resource-form/form-values';
import { RecordStateView } from '../../../forms/resource-form/record-state-view';
import { ResourceForm } from '../../../forms/resource-form/resource-form';
import { parseRecordId, useRecord } from '../../../forms/resource-form/use-record';
import { useLocale } from '../../../i18n/use-locale';
import { useTranslation } from '../../../i18n/use-translation';
import { resourceKeys } from '../../../resources/resource-api';
import { useListReturnPath } from '../../../table';
import { PageTitle } from '../../../ui/page-title';
import { bucketDeleteText } from './delete-bucket-dialog';
import { useDeleteBucket } from './use-delete-bucket';

const LIST_PATH = '/storage/buckets';

/** Routes `/storage/buckets/create` and `/storage/buckets/edit?id=N`. */
export default function BucketEditPage({ mode }: { mode: FormMode }) {
  const { t } = useTranslation();
  const [searchParams] = useSearchParams();
  const id = mode === 'edit' ? parseRecordId(searchParams.get('id')) : null;
  const returnPath = useListReturnPath(LIST_PATH);
  const navigate = useNavigate();
  const backToList = useCallback(() => void navigate(returnPath), [navigate, returnPath]);
  const overline = [t(`common.${mode}`), id === null ? undefined : `#${id}`].filter(Boolean).join(' · ');
  return (
    <>
      <Button component={RouterLink} to={returnPath} startIcon={<ArrowBackIcon />} sx={{ mb: 1, ml: -1 }}>
        {t('form.backToList')}
      </Button>
      <PageTitle overline={overline}>{t('menu.items.storageBuckets')}</PageTitle>
      <Paper variant="outlined" sx={{ p: { xs: 2, sm: 3 }, maxWidth: 960 }}>
        <Alert severity="info" variant="outlined" sx={{ mb: 3 }}>
          {t('storage.buckets.formHint')}
        </Alert>
        {mode === 'create' ? (
          <ResourceForm
            form={bucketForm}
            resource={bucketsResource}
            mode="create"
            initialValues={{ ...NEW_BUCKET_DEFAULTS }}
            onSaved={backToList}
            onCancel={backToList}
          />
        ) : (
          <EditBucket id={id} onDone={backToList} />
        )}
      </Paper>
    </>
  );
}

function EditBucket({ id, onDone }: { id: number | null; onDone: () => void }) {
  const { t } = useTranslation();
  const locale = useLocale();
  const queryClient = useQueryClient();
  const state = useRecord<Bucket>(bucketsResource, id);
  const remove = useDeleteBucket(onDone);
  // A reload opens the form afresh on the bucket as it is now, at its new version.
  const [opening, setOpening] = useState(0);
  const [reloading, setReloading] = useState(false);
  const reload = async () => {
    if (id === null) return;
    setReloading(true);
    try {
      await queryClient.refetchQueries({ queryKey: resourceKeys.one(bucketsResource, id), exact: true });
      setOpening((count) => count + 1);
      remove.clearChanged();
    } finally {
      setReloading(false);
    }
  };
  if (state.status !== 'ready') return <RecordStateView state={state} />;
  const { record } = state;
  return (
    <>
      {remove.changed && (
        <Alert
          severity="warning"
          sx={{ mb: 2 }}
          action={
            <Button color="inherit" size="small" loading={reloading} onClick={() => void reload()}>
              {t('app.reload')}
            </Button>
          }
        >
          {t('storage.buckets.changedSinceOpened')}
        </Alert>
      )}
      {/* The name cannot change (public links use it), so it is shown, not edited. */}
      <Typography variant="h6" component="h2" sx={{ mb: 2, fontFamily: 'monospace' }}>
        {record.name}
      </Typography>
      <ResourceForm
        key={`${record.id}:${opening}`}
        form={bucketForm}
        resource={bucketsResource}
        mode="edit"
        record={record}
        onSaved={onDone}
        onCancel={onDone}
        onDelete={(version) => remove.now(record, version)}
        deleting={remove.deleting}
        deleteTitle={t('storage.buckets.deleteTitle')}
        deleteText={bucketDeleteText(t, record, locale)}
      />
    </>
  );
}
