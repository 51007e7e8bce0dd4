import type { RouteObject } from 'react-router';
import type { MenuLabelKey } from '../../shell/menu';
import { type PlaceholderRoute, placeholderRoutes } from '../../ui/placeholder-routes';

/** A configuration list with its create and edit screens. */
function withCreateAndEdit(path: string, titleKey: MenuLabelKey): PlaceholderRoute[] {
  return [
    { path, titleKey },
    { path: `${path}/create`, titleKey, action: 'create' },
    { path: `${path}/edit`, titleKey, action: 'edit' },
  ];
}

/** Notifications module (spec §2); note the e-mail queue lives under `notifications/`, the rest under `notification/`. */
export const notificationsRoutes: RouteObject[] = placeholderRoutes([
  { path: 'notifications/email-queue', titleKey: 'menu.items.emailQueue' },
  ...withCreateAndEdit('notification/templates', 'menu.items.templates'),
  { path: 'notification/translations', titleKey: 'menu.items.translations' },
  { path: 'notification/translations/view/:id', titleKey: 'menu.items.translations', action: 'view' },
  { path: 'notification/translations/edit/:id', titleKey: 'menu.items.translations', action: 'edit' },
  ...withCreateAndEdit('notification/push-configs', 'menu.items.pushConfigs'),
  ...withCreateAndEdit('notification/sms-configs', 'menu.items.smsConfigs'),
  ...withCreateAndEdit('notification/smtp-configs', 'menu.items.smtpConfigs'),
]);
