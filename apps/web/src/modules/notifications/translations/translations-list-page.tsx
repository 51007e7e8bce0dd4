import VisibilityOutlinedIcon from '@mui/icons-material/VisibilityOutlined';
import IconButton from '@mui/material/IconButton';
import Tooltip from '@mui/material/Tooltip';
import { type Translation, translationsResource } from '@pult/contract';
import { Link as RouterLink } from 'react-router';
import { useRouteCan } from '../../../access/route-resource';
import { useTranslation } from '../../../i18n/use-translation';
import { useConfirmDelete } from '../../../resources/use-confirm-delete';
import {
  DeleteRowButton,
  EditRowLink,
  ResourceTable,
  RowActionSpacer,
  useListReturnState,
  useTableState,
} from '../../../table';
import { ConfirmDialog } from '../../../ui/confirm-dialog';
import { ListPageHeader } from '../../../ui/list-page-header';
import { ToolbarFilter } from './toolbar-filter';
import { TranslationCompleteness } from './translation-completeness';
import { TranslatorFilesMenu } from './translator-files-menu';

const BASE = '/notification/translations';
const COLUMNS = ['id', 'group', 'key_name', 'value_uk', 'value_en', 'updated_at'] as const;

export const translationName = (item: Pick<Translation, 'group' | 'key_name'>) =>
  `${item.group}.${item.key_name}`;

/** Route `/notification/translations`. */
export default function TranslationsListPage() {
  const { t } = useTranslation();
  const title = t('menu.items.translations');
  const table = useTableState(translationsResource);
  const returnState = useListReturnState();
  const remove = useConfirmDelete(translationsResource, (item: Translation) => item.id);
  const canRead = useRouteCan('read');
  const canUpdate = useRouteCan('update');
  const canDelete = useRouteCan('delete');

  return (
    <>
      <ListPageHeader
        title={title}
        createLabel={t('notifications.translations.create')}
        create={{ to: `${BASE}/create`, state: returnState }}
      />
      <TranslationCompleteness onShowMissing={(locale) => table.setFilter('missing', locale)} />
      <ResourceTable<Translation>
        descriptor={translationsResource}
        label={title}
        columns={COLUMNS}
        toolbar={
          <>
            <ToolbarFilter descriptor={translationsResource} name="text" table={table} width={240} />
            <ToolbarFilter descriptor={translationsResource} name="missing" table={table} width={180} />
            <TranslatorFilesMenu />
          </>
        }
        rowActions={
          canRead || canUpdate || canDelete
            ? (item) => (
                <>
                  {canRead ? (
                    <Tooltip title={t('common.view')}>
                      <IconButton
                        component={RouterLink}
                        to={`${BASE}/view/${item.id}`}
                        state={returnState}
                        size="small"
                        aria-label={`${t('common.view')}: ${translationName(item)}`}
                      >
                        <VisibilityOutlinedIcon fontSize="small" />
                      </IconButton>
                    </Tooltip>
                  ) : (
                    <RowActionSpacer />
                  )}
                  {/* The view above already opens a read-only admin's entry: no second "view" here. */}
                  {canUpdate ? (
                    <EditRowLink to={`${BASE}/edit/${item.id}`} name={translationName(item)} />
                  ) : (
                    <RowActionSpacer />
                  )}
                  <DeleteRowButton name={translationName(item)} onClick={() => remove.ask(item)} />
                </>
              )
            : undefined
        }
      />
      <ConfirmDialog
        open={remove.open}
        title={t('notifications.translations.deleteTitle')}
        text={
          remove.target
            ? t('notifications.translations.deleteText', { name: translationName(remove.target) })
            : ''
        }
        confirmLabel={t('table.delete')}
        destructive
        busy={remove.deleting}
        onConfirm={remove.confirm}
        onClose={remove.cancel}
      />
    </>
  );
}
