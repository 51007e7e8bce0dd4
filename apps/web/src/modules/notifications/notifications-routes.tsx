import type { RouteObject } from 'react-router';
import { lazyWithRetry } from '../../app/lazy-with-retry';
import type { MenuLabelKey } from '../../shell/menu';
import { type PlaceholderRoute, placeholderRoutes } from '../../ui/placeholder-routes';

const EmailQueuePage = lazyWithRetry(() => import('./queue/email-queue-page'));
const EmailViewPage = lazyWithRetry(() => import('./queue/email-view-page'));
const TemplatesListPage = lazyWithRetry(() => import('./templates/templates-list-page'));
const TemplateEditPage = lazyWithRetry(() => import('./templates/template-edit-page'));
const TranslationsListPage = lazyWithRetry(() => import('./translations/translations-list-page'));
const TranslationViewPage = lazyWithRetry(() => import('./translations/translation-view-page'));
const TranslationEditPage = lazyWithRetry(() => import('./translations/translation-edit-page'));

/** A configuration list with its create and edit screens (Notifications II builds them). */
function withCreateAndEdit(path: string, titleKey: MenuLabelKey): PlaceholderRoute[] {
  return [
    { path, titleKey },
    { path: `${path}/create`, titleKey, action: 'create' },
    { path: `${path}/edit`, titleKey, action: 'edit' },
  ];
}

/** Notifications module (spec §2); note the e-mail queue lives under `notifications/`, the rest under `notification/`. */
export const notificationsRoutes: RouteObject[] = [
  { path: 'notifications/email-queue', element: <EmailQueuePage /> },
  { path: 'notifications/email-queue/view/:id', element: <EmailViewPage /> },
  { path: 'notification/templates', element: <TemplatesListPage /> },
  { path: 'notification/templates/create', element: <TemplateEditPage mode="create" /> },
  { path: 'notification/templates/edit', element: <TemplateEditPage mode="edit" /> },
  { path: 'notification/translations', element: <TranslationsListPage /> },
  { path: 'notification/translations/create', element: <TranslationEditPage mode="create" /> },
  { path: 'notification/translations/view/:id', element: <TranslationViewPage /> },
  { path: 'notification/translations/edit/:id', element: <TranslationEditPage mode="edit" /> },
  ...placeholderRoutes([
    ...withCreateAndEdit('notification/push-configs', 'menu.items.pushConfigs'),
    ...withCreateAndEdit('notification/sms-configs', 'menu.items.smsConfigs'),
    ...withCreateAndEdit('notification/smtp-configs', 'menu.items.smtpConfigs'),
  ]),
];
