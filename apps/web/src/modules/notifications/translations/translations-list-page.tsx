import VisibilityOutlinedIcon from '@mui/icons-material/VisibilityOutlined';
import IconButton from '@mui/material/IconButton';
import Tooltip from '@mui/material/Tooltip';
import { findField, type Translation, translationsResource } from '@pult/contract';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { useConfirmDelete } from '../../../resources/use-confirm-delete';
import {
  DeleteRowButton,
  EditRowLink,
  ResourceTable,
  useListReturnState,
  useTableState,
} from '../../../table';
import { FilterCell } from '../../../table/filter-cell';
import { useLabelText } from '../../../table/use-label-text';
import { ConfirmDialog } from '../../../ui/confirm-dialog';
import { ListPageHeader } from '../../../ui/list-page-header';
import { TranslationCompleteness } from './translation-completeness';

const BASE = '/notification/translations';
const COLUMNS = ['id', 'group', 'key_name', 'value_uk', 'value_en', 'updated_at'] as const;
/** Filters without a column: text in any language, and a missing language. */
const TOOLBAR_FILTERS = ['text', 'missing'] as const;

export const translationName = (item: Pick<Translation, 'group' | 'key_name'>) =>
  `${item.group}.${item.key_name}`;

/** Route `/notification/translations`. */
export default function TranslationsListPage() {
  const { t } = useTranslation();
  const labelText = useLabelText();
  const title = t('menu.items.translations');
  const table = useTableState(translationsResource);
  const returnState = useListReturnState();
  const remove = useConfirmDelete(translationsResource, (item: Translation) => item.id);

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
        toolbar={TOOLBAR_FILTERS.map((name) => {
          const field = findField(translationsResource, name);
          return field ? (
            <FilterCell
              key={name}
              field={field}
              label={labelText(field.label)}
              value={table.query.filters[name] ?? ''}
              filters={table.query.filters}
              onChange={(value) => table.setFilter(name, value)}
            />
          ) : null;
        })}
        rowActions={(item) => (
          <>
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
            <EditRowLink to={`${BASE}/edit/${item.id}`} name={translationName(item)} />
            <DeleteRowButton name={translationName(item)} onClick={() => remove.ask(item)} />
          </>
        )}
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
