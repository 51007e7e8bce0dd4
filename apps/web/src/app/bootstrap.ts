import type { i18n as I18n } from 'i18next';
import { loadRuntimeConfig } from '../config/runtime-config';
import { type AppRouter, createAppRouter } from './router';
import { createServices, type Services } from './services';

export interface Started {
  services: Services;
  router: AppRouter;
}

/**
 * Loads /config.json, wires the services and runs the session's start-up rules (spec §4) before the
 * first route renders, so a stale session is cleared before any guarded page asks for data.
 */
export async function bootstrap(i18n: I18n): Promise<Started> {
  const config = await loadRuntimeConfig();
  const router = createAppRouter();
  const services = createServices({
    config,
    i18n,
    navigate: (path) => {
      void router.navigate(path);
    },
  });
  await services.session.start();
  return { services, router };
}
