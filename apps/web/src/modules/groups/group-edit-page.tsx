import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { type Group, groupsResource } from '@pult/contract';
import { type ReactNode, useCallback } from 'react';
import { Link as RouterLink, useNavigate, useSearchParams } from 'react-router';
import type { FormMode } from '../../forms/resource-form/form-values';
import { RecordStateView } from '../../forms/resource-form/record-state-view';
import { parseRecordId, useRecord } from '../../forms/resource-form/use-record';
import { useTranslation } from '../../i18n/use-translation';
import { useDeleteRecord } from '../../resources/use-delete-record';
import { useListReturnPath } from '../../table';
import { PageLoading } from '../../ui/page-loading';
import { PageTitle } from '../../ui/page-title';
import { GroupForm } from './group-form';
import { useCatalogue } from './groups-api';
import { GroupMembers } from './members/group-members';

const LIST_PATH = '/auth/groups';

/** Routes `/auth/groups/create` and `/auth/groups/edit?id=N`: a group's grants, then its members. */
export default function GroupEditPage({ mode }: { mode: FormMode }) {
  const { t } = useTranslation();
  const [searchParams] = useSearchParams();
  const id = mode === 'edit' ? parseRecordId(searchParams.get('id')) : null;
  const returnPath = useListReturnPath(LIST_PATH);
  const overline = [t(`common.${mode}`), id === null ? undefined : `#${id}`].filter(Boolean).join(' · ');
  return (
    <>
      <Button component={RouterLink} to={returnPath} startIcon={<ArrowBackIcon />} sx={{ mb: 1, ml: -1 }}>
        {t('form.backToList')}
      </Button>
      <PageTitle overline={overline}>{t('groups.title')}</PageTitle>
      {mode === 'create' ? <CreateGroup /> : <EditGroup id={id} />}
    </>
  );
}

function Section({ children }: { children: ReactNode }) {
  return (
    <Paper variant="outlined" sx={{ p: { xs: 2, sm: 3 }, mb: 3, maxWidth: 1280 }}>
      {children}
    </Paper>
  );
}

function useBackToList() {
  const navigate = useNavigate();
  const returnPath = useListReturnPath(LIST_PATH);
  return useCallback(() => void navigate(returnPath), [navigate, returnPath]);
}

function CreateGroup() {
  const { t } = useTranslation();
  const catalogue = useCatalogue();
  const backToList = useBackToList();
  if (catalogue.isError) return <RecordStateView state={{ status: 'error' }} />;
  if (!catalogue.data) return <PageLoading />;
  return (
    <>
      <Section>
        <GroupForm mode="create" catalogue={catalogue.data} onSaved={backToList} onCancel={backToList} />
      </Section>
      <Typography variant="body2" color="text.secondary">
        {t('groups.members.saveFirst')}
      </Typography>
    </>
  );
}

function EditGroup({ id }: { id: number | null }) {
  const { t } = useTranslation();
  const state = useRecord<Group>(groupsResource, id);
  const catalogue = useCatalogue();
  const backToList = useBackToList();
  const remove = useDeleteRecord(groupsResource);
  if (state.status !== 'ready') return <RecordStateView state={state} />;
  if (catalogue.isError) return <RecordStateView state={{ status: 'error' }} />;
  if (!catalogue.data) return <PageLoading />;
  const { record } = state;
  return (
    <>
      {record.builtin && (
        <Alert severity="info" sx={{ mb: 2, maxWidth: 1280 }}>
          {t('groups.builtinNote')}
        </Alert>
      )}
      <Section>
        <GroupForm
          key={record.id}
          mode="edit"
          record={record}
          version={state.version}
          catalogue={catalogue.data}
          onSaved={backToList}
          onCancel={backToList}
          onDelete={(version) =>
            remove.mutateAsync({ id: record.id, version }).then(backToList, () => undefined)
          }
          deleting={remove.isPending}
        />
      </Section>
      <Section>
        <GroupMembers groupId={record.id} groupName={record.name} />
      </Section>
    </>
  );
}
