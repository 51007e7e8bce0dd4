import type { RuntimeConfig, TokenPair } from '@pult/contract';
import type { RouteObject } from 'react-router';
import type { I18n } from '../i18n/i18n';
import { type AppRouter, createAppRouter } from './router';
import { createServices, type Services } from './services';

export interface Started {
  services: Services;
  router: AppRouter;
}

export interface BootstrapOptions {
  /** The sign-in's answer, when the public entry hands over right after it. */
  tokens?: TokenPair;
  /** Where the router starts, once the session is in place (the public entry's `/dashboard`). */
  path?: string;
  /** The route table (`routes.tsx`). */
  routes: RouteObject[];
  /** /config.json, its download started by the caller (beside the texts', not after it). */
  config: Promise<RuntimeConfig>;
}

/**
 * Waits for /config.json, wires the services and runs the session's start-up rules (spec §4) before the
 * first route renders, so a stale session is cleared before any guarded page asks for data. Tokens
 * handed over are stored before the address changes: whoever sees `/dashboard` finds the session.
 */
export async function bootstrap(i18n: I18n, options: BootstrapOptions): Promise<Started> {
  const config = await options.config;
  let router: AppRouter | null = null;
  const services = createServices({
    config,
    i18n,
    navigate: (path) => {
      void router?.navigate(path);
    },
  });
  await services.session.start();
  if (options.tokens) services.session.signIn(options.tokens);
  if (options.path) window.history.replaceState(null, '', options.path);
  router = createAppRouter(options.routes);
  return { services, router };
}
