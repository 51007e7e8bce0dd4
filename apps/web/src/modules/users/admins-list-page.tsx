import { adminsResource } from '@pult/contract';
import { PeopleListPage } from './people-list-page';

/**
 * Route `/auth/admins`: panel administrators. The server refuses deleting one's own account (422);
 * its text reaches the error notice through useDeleteRecord.
 */
export default function AdminsListPage() {
  return (
    <PeopleListPage
      descriptor={adminsResource}
      titleKey="menu.items.authAdmins"
      basePath="/auth/admins"
      ns="admins"
    />
  );
}
