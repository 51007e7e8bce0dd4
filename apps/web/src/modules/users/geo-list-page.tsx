import type { City, Country, FormDescriptor, ResourceDescriptor } from '@pult/contract';
import { EditRowButton } from '../../forms/resource-form/edit-row-button';
import { RecordFormDialog } from '../../forms/resource-form/record-form-dialog';
import { useRecordDialogs } from '../../forms/resource-form/use-record-dialogs';
import { useLocale } from '../../i18n/use-locale';
import { useTranslation } from '../../i18n/use-translation';
import { DeleteRowButton, ResourceTable } from '../../table';
import { ConfirmDialog } from '../../ui/confirm-dialog';
import { ListPageHeader } from '../../ui/list-page-header';

type GeoRow = Country | City;

export interface GeoListPageProps {
  resource: ResourceDescriptor;
  form: FormDescriptor;
  titleKey: 'menu.items.authCountries' | 'menu.items.authCities';
  /** Namespace of the page texts (`<ns>.list.*`, `<ns>.dialog.*`). */
  ns: 'countries' | 'cities';
}

/**
 * Countries or cities: a table whose records are created and edited in a dialog, as the spec gives
 * them no create/edit routes. The server refuses to delete one still in use and says why.
 */
export function GeoListPage({ resource, form, titleKey, ns }: GeoListPageProps) {
  const { t } = useTranslation();
  const locale = useLocale();
  const dialogs = useRecordDialogs<GeoRow>(resource, (row) => row.id);
  const title = t(titleKey);
  const nameOf = (row: GeoRow) => (locale === 'uk-UA' ? row.name_uk : row.name_en);
  const editing = dialogs.formDialog?.mode === 'edit' ? dialogs.formDialog.record : undefined;

  return (
    <>
      <ListPageHeader
        title={title}
        createLabel={t(`${ns}.list.create`)}
        create={{ onClick: dialogs.openCreate }}
      />
      <ResourceTable<GeoRow>
        descriptor={resource}
        label={title}
        rowActions={(row) => (
          <>
            <EditRowButton name={nameOf(row)} onClick={() => dialogs.openEdit(row)} />
            <DeleteRowButton name={nameOf(row)} onClick={() => dialogs.askDelete(row)} />
          </>
        )}
      />
      <RecordFormDialog
        key={dialogs.formKey}
        open={dialogs.formOpen}
        title={
          editing ? t(`${ns}.dialog.editTitle`, { name: nameOf(editing) }) : t(`${ns}.dialog.createTitle`)
        }
        form={form}
        resource={resource}
        mode={editing ? 'edit' : 'create'}
        record={editing}
        onClose={dialogs.closeForm}
      />
      <ConfirmDialog
        open={dialogs.confirmingDelete}
        title={t(`${ns}.list.deleteTitle`)}
        text={dialogs.deleteTarget ? t(`${ns}.list.deleteText`, { name: nameOf(dialogs.deleteTarget) }) : ''}
        confirmLabel={t('table.delete')}
        destructive
        busy={dialogs.deleting}
        onConfirm={dialogs.confirmDelete}
        onClose={dialogs.cancelDelete}
      />
    </>
  );
}
