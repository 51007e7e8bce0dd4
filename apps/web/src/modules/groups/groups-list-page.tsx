import { type Group, groupsResource } from '@pult/contract';
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

const idOf = (group: Group) => group.id;

/** Route `/auth/groups`: administrators' groups. The built-in superadmin offers no Delete. */
export default function GroupsListPage() {
  const { t } = useTranslation();
  const returnState = useListReturnState();
  const remove = useConfirmDelete(groupsResource, idOf);
  const title = t('groups.title');
  return (
    <>
      <ListPageHeader
        title={title}
        createLabel={t('groups.list.create')}
        create={{ to: '/auth/groups/create', state: returnState }}
      />
      <ResourceTable<Group>
        descriptor={groupsResource}
        label={title}
        rowActions={(group) => (
          <>
            <EditRowLink to={`/auth/groups/edit?id=${group.id}`} name={group.name} />
            {group.builtin ? (
              <RowActionSpacer />
            ) : (
              <DeleteRowButton name={group.name} onClick={() => remove.ask(group)} />
            )}
          </>
        )}
      />
      <ConfirmDialog
        open={remove.open}
        title={t('groups.list.deleteTitle')}
        text={remove.target ? t('groups.list.deleteText', { name: remove.target.name }) : ''}
        confirmLabel={t('table.delete')}
        destructive
        busy={remove.deleting}
        onConfirm={remove.confirm}
        onClose={remove.cancel}
      />
    </>
  );
}
