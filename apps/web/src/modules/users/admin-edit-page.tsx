import { adminForm, adminsResource } from '@pult/contract';
import type { FormMode } from '../../forms/resource-form/form-values';
import { useProfile } from '../profile';
import { PersonEditPage } from './person-edit-page';

/**
 * Routes `/auth/admins/create` and `/auth/admins/edit?id=N`. The signed-in administrator's own record
 * offers no Delete; the server refuses to lock or deactivate it, and that 422 lands under the status
 * field like any other field error.
 */
export default function AdminEditPage({ mode }: { mode: FormMode }) {
  const profile = useProfile();
  return (
    <PersonEditPage
      mode={mode}
      resource={adminsResource}
      form={adminForm}
      titleKey="menu.items.authAdmins"
      listPath="/auth/admins"
      ns="admins"
      selfUid={profile.data?.uid}
    />
  );
}
