import type { RouteObject } from 'react-router';
import { placeholderRoutes } from '../../ui/placeholder-routes';

/** Chat module (spec §2). */
export const chatRoutes: RouteObject[] = placeholderRoutes([
  { path: 'chat/users', titleKey: 'menu.items.chatUsers' },
  { path: 'chat/channels', titleKey: 'menu.items.chatChannels' },
]);
