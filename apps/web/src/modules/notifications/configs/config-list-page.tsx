import { useTranslation } from '../../../i18n/use-translation';
import { useConfirmDelete } from '../../../resources/use-confirm-delete';
import { DeleteRowButton, EditRowLink, ResourceTable, useListReturnState } from '../../../table';
import { ConfirmDialog } from '../../../ui/confirm-dialog';
import { ListPageHeader } from '../../../ui/list-page-header';
import { CONFIG_SCREENS, type ConfigKindName } from './config-screens';

type ConfigItem = {
  id: number;
  name: string;
  [field: string]: unknown;
};

/** Routes `/notification/{smtp,sms,push}-configs`: the configurations of one kind. */
export default function ConfigListPage({ kind }: { kind: ConfigKindName }) {
  const { t } = useTranslation();
  const screen = CONFIG_SCREENS[kind];
  const title = t(screen.titleKey);
  const returnState = useListReturnState();
  const remove = useConfirmDelete(screen.resource, (item: ConfigItem) => item.id);
  return (
    <>
      <ListPageHeader
        title={title}
        createLabel={t(`notifications.configs.create.${kind}`)}
        create={{ to: `${screen.path}/create`, state: returnState }}
      />
      <ResourceTable<ConfigItem>
        key={kind}
        descriptor={screen.resource}
        label={title}
        rowActions={(item) => (
          <>
            <EditRowLink to={`${screen.path}/edit?id=${item.id}`} name={item.name} />
            <DeleteRowButton name={item.name} onClick={() => remove.ask(item)} />
          </>
        )}
      />
      <ConfirmDialog
        open={remove.open}
        title={t('notifications.configs.deleteTitle')}
        text={remove.target ? t('notifications.configs.deleteText', { name: remove.target.name }) : ''}
        confirmLabel={t('table.delete')}
        destructive
        busy={remove.deleting}
        onConfirm={remove.confirm}
        onClose={remove.cancel}
      />
    </>
  );
}
