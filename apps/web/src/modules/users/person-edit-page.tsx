import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import { type FormDescriptor, type ResourceDescriptor, STATUS } from '@pult/contract';
import { type ReactNode, useCallback, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useLocation, useNavigate, useSearchParams } from 'react-router';
import type { FormMode } from '../../forms/resource-form/form-values';
import { RecordStateView } from '../../forms/resource-form/record-state-view';
import { ResourceForm } from '../../forms/resource-form/resource-form';
import { parseRecordId, useRecord } from '../../forms/resource-form/use-record';
import { useLocale } from '../../i18n/use-locale';
import { useDeleteRecord } from '../../resources/use-delete-record';
import { useListReturnPath } from '../../table';
import { PageTitle } from '../../ui/page-title';

export interface PersonEditPageProps {
  /** Taken from the route (`…/create` or `…/edit?id=`) when not given. */
  mode?: FormMode;
  resource: ResourceDescriptor;
  form: FormDescriptor;
  titleKey: 'menu.items.authUsers' | 'menu.items.authAdmins';
  listPath: '/auth/users' | '/auth/admins';
  /** Namespace of the texts shared with the list (`<ns>.list.delete*`). */
  ns: 'users' | 'admins';
}

/** The create and edit screens of a user or an administrator: one form, two modes. */
export function PersonEditPage({
  mode: modeProp,
  resource,
  form,
  titleKey,
  listPath,
  ns,
}: PersonEditPageProps) {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  const [searchParams] = useSearchParams();
  const mode = modeProp ?? (pathname.endsWith('/create') ? 'create' : 'edit');
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
        <EditPerson resource={resource} form={form} listPath={listPath} ns={ns} id={id} />
      )}
    </>
  );
}

type PartProps = Pick<PersonEditPageProps, 'resource' | 'form' | 'listPath'>;

/** "Ann Lee (ann@example.com)", as the list's delete confirmation names a person. */
function personName(record: Record<string, unknown>): string {
  const name = [record.first_name, record.last_name]
    .filter((part) => typeof part === 'string')
    .join(' ')
    .trim();
  const email = typeof record.email === 'string' ? record.email : '';
  return name === '' ? email : `${name} (${email})`;
}

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
}: PartProps & Pick<PersonEditPageProps, 'ns'> & { id: number | null }) {
  const { t } = useTranslation();
  const state = useRecord(resource, id);
  const backToList = useBackToList(listPath);
  const remove = useDeleteRecord(resource);
  if (state.status !== 'ready') return <RecordStateView state={state} />;
  const { record } = state;
  // A deleted person stays as a row with status "deleted": deleting again would change nothing.
  const deletable = id !== null && record.status !== STATUS.deleted;
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
        onDelete={deletable ? () => remove.mutateAsync(id).then(backToList, () => undefined) : undefined}
        deleting={remove.isPending}
        deleteTitle={t(`${ns}.list.deleteTitle`)}
        deleteText={t(`${ns}.list.deleteText`, { name: personName(record) })}
      />
    </FormPaper>
  );
}
