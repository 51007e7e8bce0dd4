import type { RouteObject } from 'react-router';
import { lazyWithRetry } from '../../app/lazy-with-retry';

const ConfigListPage = lazyWithRetry(() => import('./configs/config-list-page'));
const ConfigEditPage = lazyWithRetry(() => import('./configs/config-edit-page'));
const EmailQueuePage = lazyWithRetry(() => import('./queue/email-queue-page'));
const EmailViewPage = lazyWithRetry(() => import('./queue/email-view-page'));
const TemplatesListPage = lazyWithRetry(() => import('./templates/templates-list-page'));
const TemplateEditPage = lazyWithRetry(() => import('./templates/template-edit-page'));
const TranslationsListPage = lazyWithRetry(() => import('./translations/translations-list-page'));
const TranslationViewPage = lazyWithRetry(() => import('./translations/translation-view-page'));
const TranslationEditPage = lazyWithRetry(() => import('./translations/translation-edit-page'));

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
  ...(['smtp', 'sms', 'push'] as const).flatMap((kind): RouteObject[] => [
    { path: `notification/${kind}-configs`, element: <ConfigListPage kind={kind} /> },
    { path: `notification/${kind}-configs/create`, element: <ConfigEditPage kind={kind} mode="create" /> },
    { path: `notification/${kind}-configs/edit`, element: <ConfigEditPage kind={kind} mode="edit" /> },
  ]),
];
