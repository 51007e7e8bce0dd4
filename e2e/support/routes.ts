/**
 * Every route of the panel (spec §2), for the checks that visit them all: the bundle budget
 * (budget/check-budget.ts) and the accessibility test (tests/a11y.spec.ts). A new screen is added here once.
 */

export interface PanelRoute {
  path: string;
  /** The screen draws charts (its own load-cost ceiling). */
  charts?: true;
}

export const PUBLIC_ROUTES: readonly PanelRoute[] = [
  { path: '/' },
  { path: '/recover-password' },
  { path: '/change-password?code=e2e-not-a-real-code' },
];

export const SHELL_ROUTES: readonly PanelRoute[] = [
  { path: '/dashboard', charts: true },
  { path: '/reports' },
  { path: '/reports/users', charts: true },
  { path: '/reports/storage', charts: true },
  { path: '/reports/errors', charts: true },
  { path: '/reports/chat', charts: true },
  { path: '/profile' },
  { path: '/auth/users' },
  { path: '/auth/users/create' },
  { path: '/auth/users/edit?id=1' },
  { path: '/auth/admins' },
  { path: '/auth/admins/create' },
  { path: '/auth/admins/edit?id=1' },
  { path: '/auth/settings' },
  { path: '/auth/countries' },
  { path: '/auth/cities' },
  { path: '/auth/audit' },
  { path: '/storage/buckets' },
  { path: '/storage/buckets/create' },
  { path: '/storage/buckets/edit?id=1' },
  { path: '/storage/files' },
  { path: '/storage/logs' },
  { path: '/storage/errors' },
  { path: '/chat/users' },
  { path: '/chat/channels' },
  { path: '/notifications/email-queue' },
  { path: '/notifications/email-queue/view/1' },
  { path: '/notification/templates' },
  { path: '/notification/templates/create' },
  { path: '/notification/templates/edit?id=1' },
  { path: '/notification/translations' },
  { path: '/notification/translations/create' },
  { path: '/notification/translations/view/1' },
  { path: '/notification/translations/edit/1' },
  { path: '/notification/push-configs' },
  { path: '/notification/push-configs/create' },
  { path: '/notification/push-configs/edit?id=1' },
  { path: '/notification/sms-configs' },
  { path: '/notification/sms-configs/create' },
  { path: '/notification/sms-configs/edit?id=1' },
  { path: '/notification/smtp-configs' },
  { path: '/notification/smtp-configs/create' },
  { path: '/notification/smtp-configs/edit?id=1' },
];
