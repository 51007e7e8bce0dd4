import type { RuntimeConfig } from '@pult/contract';
import { QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import { createMemoryRouter, type RouteObject, RouterProvider } from 'react-router';
import { AppFrame } from '../app/app-frame';
import { createServices, type Services } from '../app/services';
import { ServicesProvider } from '../app/services-context';
import { createI18n } from '../i18n/i18n';
import { ALL_TEXTS } from './all-texts';

export const TEST_CONFIG: RuntimeConfig = {
  authServiceUrl: 'http://api.test/auth',
  storageServiceUrl: 'http://api.test/storage/api/v1',
  chatServiceUrl: 'http://api.test/chat/rest/v1',
  notificationServiceUrl: 'http://api.test/notification/api/v1',
  companyName: 'Test Co',
};

export function jsonResponse(status: number, body: unknown): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
}

/**
 * Renders routes inside the real providers and the real services (session, HTTP client), with only
 * `fetch` replaced, so a test exercises the same wiring as the running panel.
 */
export function renderApp(routes: RouteObject[], options: { path: string; fetchFn: typeof fetch }) {
  const i18n = createI18n(window.localStorage, ALL_TEXTS);
  const router = createMemoryRouter(routes, { initialEntries: [options.path] });
  const services: Services = createServices({
    config: TEST_CONFIG,
    i18n,
    fetchFn: options.fetchFn,
    navigate: (path) => {
      void router.navigate(path);
    },
  });
  const view = render(
    <AppFrame i18n={i18n}>
      <QueryClientProvider client={services.queryClient}>
        <ServicesProvider services={services}>
          <RouterProvider router={router} />
        </ServicesProvider>
      </QueryClientProvider>
    </AppFrame>,
  );
  return { ...view, router, services, i18n };
}
