import { userForm, usersResource } from '@pult/contract';
import type { FormMode } from '../../forms/resource-form/form-values';
import { PersonEditPage } from './person-edit-page';

/** Routes `/auth/users/create` and `/auth/users/edit?id=N`. */
export default function UserEditPage({ mode }: { mode: FormMode }) {
  return (
    <PersonEditPage
      mode={mode}
      resource={usersResource}
      form={userForm}
      titleKey="menu.items.authUsers"
      listPath="/auth/users"
      ns="users"
    />
  );
}
