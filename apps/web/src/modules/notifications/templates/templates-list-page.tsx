import { type Template, templatesResource } from '@pult/contract';
import { useTranslation } from '../../../i18n/use-translation';
import { useConfirmDelete } from '../../../resources/use-confirm-delete';
import {
  DeleteRowButton,
  EditRowLink,
  ResourceTable,
  RowActionSpacer,
  useListReturnState,
} from '../../../table';
import { ConfirmDialog } from '../../../ui/confirm-dialog';
import { ListPageHeader } from '../../../ui/list-page-header';

export const TEMPLATES_PATH = '/notification/templates';

/** Route `/notification/templates`; the platform's own templates offer no Delete. */
export default function TemplatesListPage() {
  const { t } = useTranslation();
  const title = t('menu.items.templates');
  const returnState = useListReturnState();
  const remove = useConfirmDelete(templatesResource, (item: Template) => item.id);
  return (
    <>
      <ListPageHeader
        title={title}
        createLabel={t('notifications.templates.create')}
        create={{ to: `${TEMPLATES_PATH}/create`, state: returnState }}
      />
      <ResourceTable<Template>
        descriptor={templatesResource}
        label={title}
        rowActions={(item) => (
          <>
            <EditRowLink to={`${TEMPLATES_PATH}/edit?id=${item.id}`} name={item.name} />
            {item.is_system ? (
              <RowActionSpacer />
            ) : (
              <DeleteRowButton name={item.name} onClick={() => remove.ask(item)} />
            )}
          </>
        )}
      />
      <ConfirmDialog
        open={remove.open}
        title={t('notifications.templates.deleteTitle')}
        text={remove.target ? t('notifications.templates.deleteText', { name: remove.target.name }) : ''}
        confirmLabel={t('table.delete')}
        destructive
        busy={remove.deleting}
        onConfirm={remove.confirm}
        onClose={remove.cancel}
      />
    </>
  );
}
