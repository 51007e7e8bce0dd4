import type { Admin, ResourceDescriptor, User } from '@pult/contract';
import { useTranslation } from '../../i18n/use-translation';
import { useConfirmDelete } from '../../resources/use-confirm-delete';
import {
  DeleteRowButton,
  EditRowLink,
  ResourceTable,
  RowActionSpacer,
  useListReturnState,
} from '../../table';
import { ConfirmDialog } from '../../ui/confirm-dialog';
import { ListPageHeader } from '../../ui/list-page-header';
import { isPersonDeletable } from './person-deletable';
import { personName } from './person-name';

type Person = User | Admin;

export interface PeopleListPageProps {
  descriptor: ResourceDescriptor;
  titleKey: 'menu.items.authUsers' | 'menu.items.authAdmins';
  /** Route of the list; create and edit live under it (`/create`, `/edit?id=`). */
  basePath: '/auth/users' | '/auth/admins';
  /** Namespace of the page texts (`<ns>.list.*`). */
  ns: 'users' | 'admins';
  /** The signed-in administrator's uid, on the admins list: their own row offers no Delete. */
  selfUid?: string;
}

const idOf = (person: Person) => person.id;

/**
 * The list of users or administrators: the two differ only in their resource and texts. Deleting
 * marks the person deleted (status 10) and keeps the row, so a deleted row offers no delete action.
 */
export function PeopleListPage({ descriptor, titleKey, basePath, ns, selfUid }: PeopleListPageProps) {
  const { t } = useTranslation();
  const returnState = useListReturnState();
  const remove = useConfirmDelete(descriptor, idOf);
  const title = t(titleKey);

  return (
    <>
      <ListPageHeader
        title={title}
        createLabel={t(`${ns}.list.create`)}
        create={{ to: `${basePath}/create`, state: returnState }}
      />
      <ResourceTable<Person>
        descriptor={descriptor}
        label={title}
        rowActions={(person) => (
          <>
            <EditRowLink to={`${basePath}/edit?id=${person.id}`} name={personName(person)} />
            {isPersonDeletable(person, selfUid) ? (
              <DeleteRowButton name={personName(person)} onClick={() => remove.ask(person)} />
            ) : (
              <RowActionSpacer />
            )}
          </>
        )}
      />
      <ConfirmDialog
        open={remove.open}
        title={t(`${ns}.list.deleteTitle`)}
        text={remove.target ? t(`${ns}.list.deleteText`, { name: personName(remove.target) }) : ''}
        confirmLabel={t('table.delete')}
        destructive
        busy={remove.deleting}
        onConfirm={remove.confirm}
        onClose={remove.cancel}
      />
    </>
  );
}
