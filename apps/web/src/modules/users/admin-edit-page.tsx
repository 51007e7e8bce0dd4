import { adminForm, adminsResource } from '@pult/contract';
import type { FormMode } from '../../forms/resource-form/form-values';
import { PersonEditPage } from './person-edit-page';

/**
 * Routes `/auth/admins/create` and `/auth/admins/edit?id=N`. The server refuses to lock or deactivate
 * the signed-in administrator; its 422 lands under the status field like any other field error.
 */
export default function AdminEditPage({ mode }: { mode?: FormMode }) {
  return (
    <PersonEditPage
      mode={mode}
      resource={adminsResource}
      form={adminForm}
      titleKey="menu.items.authAdmins"
      listPath="/auth/admins"
      ns="admins"
    />
  );
}
