import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import { type Admin, type FormDescriptor, type ResourceDescriptor, STATUS, type User } from '@pult/contract';
import { type ReactNode, useCallback, useMemo } from 'react';
import { Link as RouterLink, useNavigate, useSearchParams } from 'react-router';
import type { FormMode } from '../../forms/resource-form/form-values';
import { RecordStateView } from '../../forms/resource-form/record-state-view';
import { ResourceForm } from '../../forms/resource-form/resource-form';
import { parseRecordId, useRecord } from '../../forms/resource-form/use-record';
import { useLocale } from '../../i18n/use-locale';
import { useTranslation } from '../../i18n/use-translation';
import { useDeleteRecord } from '../../resources/use-delete-record';
import { useListReturnPath } from '../../table';
import { PageTitle } from '../../ui/page-title';
import { isPersonDeletable } from './person-deletable';
import { personName } from './person-name';

export interface PersonEditPageProps {
  /** Given by the route: `…/create` or `…/edit?id=`. */
  mode: FormMode;
  resource: ResourceDescriptor;
  form: FormDescriptor;
  titleKey: 'menu.items.authUsers' | 'menu.items.authAdmins';
  listPath: '/auth/users' | '/auth/admins';
  /** Namespace of the texts shared with the list (`<ns>.list.delete*`). */
  ns: 'users' | 'admins';
  /** The signed-in administrator's uid: their own record offers no Delete. */
  selfUid?: string;
}

/** The create and edit screens of a user or an administrator: one form, two modes. */
export function PersonEditPage({
  mode,
  resource,
  form,
  titleKey,
  listPath,
  ns,
  selfUid,
}: PersonEditPageProps) {
  const { t } = useTranslation();
  const [searchParams] = useSearchParams();
  const id = mode === 'edit' ? parseRecordId(searchParams.get('id')) : null;
  const returnPath = useListReturnPath(listPath);
  const overline = [t(`common.${mode}`), id === null ? undefined : `#${id}`].filter(Boolean).join(' · ');

  return (
    <>
      <Button component={RouterLink} to={returnPath} startIcon={<ArrowBackIcon />} sx={{ mb: 1, ml: -1 }}>
        {t('form.backToList')}
      </Button>
      <PageTitle overline={overline}>{t(titleKey)}</PageTitle>
      {mode === 'create' ? (
        <CreatePerson resource={resource} form={form} listPath={listPath} />
      ) : (
        <EditPerson resource={resource} form={form} listPath={listPath} ns={ns} id={id} selfUid={selfUid} />
      )}
    </>
  );
}

type PartProps = Pick<PersonEditPageProps, 'resource' | 'form' | 'listPath'>;

function useBackToList(listPath: string) {
  const navigate = useNavigate();
  const returnPath = useListReturnPath(listPath);
  return useCallback(() => void navigate(returnPath), [navigate, returnPath]);
}

function FormPaper({ children }: { children: ReactNode }) {
  return (
    <Paper variant="outlined" sx={{ p: { xs: 2, sm: 3 }, maxWidth: 960 }}>
      {children}
    </Paper>
  );
}

function CreatePerson({ resource, form, listPath }: PartProps) {
  const locale = useLocale();
  const backToList = useBackToList(listPath);
  // A new account speaks the panel's current language and may sign in at once.
  const initialValues = useMemo(() => ({ language: locale, status: STATUS.active }), [locale]);
  return (
    <FormPaper>
      <ResourceForm
        form={form}
        resource={resource}
        mode="create"
        initialValues={initialValues}
        onSaved={backToList}
        onCancel={backToList}
      />
    </FormPaper>
  );
}

function EditPerson({
  resource,
  form,
  listPath,
  ns,
  id,
  selfUid,
}: PartProps & Pick<PersonEditPageProps, 'ns' | 'selfUid'> & { id: number | null }) {
  const { t } = useTranslation();
  const state = useRecord<User | Admin>(resource, id);
  const backToList = useBackToList(listPath);
  const remove = useDeleteRecord(resource);
  if (state.status !== 'ready') return <RecordStateView state={state} />;
  const { record } = state;
  const deletable = id !== null && isPersonDeletable(record, selfUid);
  return (
    <FormPaper>
      <ResourceForm
        key={String(record.id)}
        form={form}
        resource={resource}
        mode="edit"
        record={record}
        onSaved={backToList}
        onCancel={backToList}
        onDelete={
          deletable
            ? (version) => remove.mutateAsync({ id, version }).then(backToList, () => undefined)
            : undefined
        }
        deleting={remove.isPending}
        deleteTitle={t(`${ns}.list.deleteTitle`)}
        deleteText={t(`${ns}.list.deleteText`, { name: personName(record) })}
      />
    </FormPaper>
  );
}
