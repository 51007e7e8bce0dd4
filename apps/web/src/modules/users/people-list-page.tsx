import AddIcon from '@mui/icons-material/Add';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import { type ResourceDescriptor, STATUS } from '@pult/contract';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { useDeleteRecord } from '../../resources/use-delete-record';
import {
  DeleteRowButton,
  EditRowLink,
  ResourceTable,
  RowActionSpacer,
  useListReturnState,
} from '../../table';
import { ConfirmDialog } from '../../ui/confirm-dialog';
import { PageTitle } from '../../ui/page-title';

/** What the list page needs of a user or administrator row. */
export interface PersonRow extends Record<string, unknown> {
  id: number;
  email: string;
  first_name: string;
  last_name: string;
  status: number;
}

export interface PeopleListPageProps {
  descriptor: ResourceDescriptor;
  titleKey: 'menu.items.authUsers' | 'menu.items.authAdmins';
  /** Route of the list; create and edit live under it (`/create`, `/edit?id=`). */
  basePath: '/auth/users' | '/auth/admins';
  /** Namespace of the page texts (`<ns>.list.*`). */
  ns: 'users' | 'admins';
}

/** "Ann Lee (ann@example.com)", or the e-mail alone for a nameless record. */
function personName(person: PersonRow): string {
  const name = `${person.first_name} ${person.last_name}`.trim();
  return name === '' ? person.email : `${name} (${person.email})`;
}

/**
 * The list of users or administrators: the two differ only in their resource and texts. Deleting
 * marks the person deleted (status 10) and keeps the row, so a deleted row offers no delete action.
 */
export function PeopleListPage({ descriptor, titleKey, basePath, ns }: PeopleListPageProps) {
  const { t } = useTranslation();
  const returnState = useListReturnState();
  const remove = useDeleteRecord(descriptor);
  const [target, setTarget] = useState<PersonRow | null>(null);
  // Kept apart from the target so the dialog's text stays while it fades out.
  const [confirming, setConfirming] = useState(false);
  const title = t(titleKey);

  const askDelete = (person: PersonRow) => {
    setTarget(person);
    setConfirming(true);
  };
  const confirmDelete = () => {
    if (!target) return;
    remove.mutate(target.id, { onSettled: () => setConfirming(false) });
  };

  return (
    <>
      <Stack direction="row" sx={{ justifyContent: 'space-between', alignItems: 'flex-start', gap: 2 }}>
        <PageTitle>{title}</PageTitle>
        <Button
          component={RouterLink}
          to={`${basePath}/create`}
          state={returnState}
          variant="contained"
          startIcon={<AddIcon />}
          disableElevation
          sx={{ flexShrink: 0, mt: 0.5 }}
        >
          {t(`${ns}.list.create`)}
        </Button>
      </Stack>
      <ResourceTable<PersonRow>
        descriptor={descriptor}
        label={title}
        rowActions={(person) => (
          <>
            <EditRowLink to={`${basePath}/edit?id=${person.id}`} name={personName(person)} />
            {person.status === STATUS.deleted ? (
              <RowActionSpacer />
            ) : (
              <DeleteRowButton name={personName(person)} onClick={() => askDelete(person)} />
            )}
          </>
        )}
      />
      <ConfirmDialog
        open={confirming}
        title={t(`${ns}.list.deleteTitle`)}
        text={target ? t(`${ns}.list.deleteText`, { name: personName(target) }) : ''}
        confirmLabel={t('table.delete')}
        destructive
        busy={remove.isPending}
        onConfirm={confirmDelete}
        onClose={() => setConfirming(false)}
      />
    </>
  );
}
