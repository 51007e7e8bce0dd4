import { adminsResource } from '@pult/contract';
import { useProfile } from '../profile';
import { PeopleListPage } from './people-list-page';

/**
 * Route `/auth/admins`: panel administrators. The signed-in administrator's own row offers no
 * Delete (the basic profile carries no id, so the full profile's uid names them). Should the row be
 * deleted some other way, the server refuses (422) and useDeleteRecord shows its text.
 */
export default function AdminsListPage() {
  const profile = useProfile();
  return (
    <PeopleListPage
      descriptor={adminsResource}
      titleKey="menu.items.authAdmins"
      basePath="/auth/admins"
      ns="admins"
      selfUid={profile.data?.uid}
    />
  );
}
