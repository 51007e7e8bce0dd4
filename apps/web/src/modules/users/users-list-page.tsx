import { usersResource } from '@pult/contract';
import { PeopleListPage } from './people-list-page';

/** Route `/auth/users`: platform users. */
export default function UsersListPage() {
  return (
    <PeopleListPage
      descriptor={usersResource}
      titleKey="menu.items.authUsers"
      basePath="/auth/users"
      ns="users"
    />
  );
}
