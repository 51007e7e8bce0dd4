import { QueryClientProvider } from '@tanstack/react-query';
import { RouterProvider } from 'react-router';
import type { I18n } from '../i18n/i18n';
import { Notices } from '../ui/notices';
import { AppFrame } from './app-frame';
import type { AppRouter } from './router';
import type { Services } from './services';
import { ServicesProvider } from './services-context';

export interface AppProps {
  i18n: I18n;
  services: Services;
  router: AppRouter;
}

/** The running panel: providers around the router, and the notices above everything. */
export function App({ i18n, services, router }: AppProps) {
  return (
    <AppFrame i18n={i18n}>
      <QueryClientProvider client={services.queryClient}>
        <ServicesProvider services={services}>
          <RouterProvider router={router} />
          <Notices />
        </ServicesProvider>
      </QueryClientProvider>
    </AppFrame>
  );
}
