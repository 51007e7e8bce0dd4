import type { RouteObject } from 'react-router';
import { placeholderRoutes } from '../../ui/placeholder-routes';

/** Users module (spec §2). Edit routes carry no path parameter; the record comes as `?id=`. */
export const usersRoutes: RouteObject[] = placeholderRoutes([
  { path: 'auth/users', titleKey: 'menu.items.authUsers' },
  { path: 'auth/users/create', titleKey: 'menu.items.authUsers', action: 'create' },
  { path: 'auth/users/edit', titleKey: 'menu.items.authUsers', action: 'edit' },
  { path: 'auth/admins', titleKey: 'menu.items.authAdmins' },
  { path: 'auth/admins/create', titleKey: 'menu.items.authAdmins', action: 'create' },
  { path: 'auth/admins/edit', titleKey: 'menu.items.authAdmins', action: 'edit' },
  { path: 'auth/settings', titleKey: 'menu.items.authSettings' },
  { path: 'auth/countries', titleKey: 'menu.items.authCountries' },
  { path: 'auth/cities', titleKey: 'menu.items.authCities' },
]);
