import type { RuntimeConfig, TokenPair } from '@pult/contract';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import type { RouteObject } from 'react-router';
import { loadRuntimeConfig } from '../config/runtime-config';
import { createI18n, type LoadTexts, loadStoredTexts } from '../i18n/i18n';
import { App } from './app';
import { AppFrame } from './app-frame';
import { bootstrap } from './bootstrap';
import { StartupError, StartupLoading } from './startup-screens';

export interface StartPanelOptions {
  /** The sign-in's answer when the public entry hands over right after it. */
  tokens?: TokenPair;
  /** Where the panel opens; the address as it is when not given. */
  path?: string;
  /**
   * The route table and the texts' loader: they name the pages' and the languages' chunks, so they are
   * handed in by `load-panel.ts` and this chunk does not change when a page or a text does.
   */
  routes: RouteObject[];
  loadTexts: LoadTexts;
  /** /config.json's answer to come, when the entry asked for it before this code arrived. */
  configRequest?: Promise<Response>;
}

/** Starts the signed-in panel (everything but the public screens, which `public-entry` serves). */
export async function startPanel(options: StartPanelOptions): Promise<void> {
  const root = createRoot(document.getElementById('root')!);
  // /config.json downloads beside the texts rather than after them (from the entry on, when it asked):
  // one round trip less to the first page. A start that failed and is tried again fetches it afresh.
  let firstConfig: Promise<RuntimeConfig> | null = loadRuntimeConfig(options.configRequest);
  firstConfig.catch(() => undefined);
  // Only the stored language's texts are downloaded, and before the first render, so that render is in it.
  const i18n = createI18n(
    window.localStorage,
    await loadStoredTexts(window.localStorage, options.loadTexts),
    options.loadTexts,
  );

  async function start(): Promise<void> {
    root.render(
      <AppFrame i18n={i18n}>
        <StartupLoading />
      </AppFrame>,
    );
    const config = firstConfig ?? loadRuntimeConfig();
    firstConfig = null;
    try {
      const { services, router } = await bootstrap(i18n, { ...options, config });
      root.render(
        <StrictMode>
          <App i18n={i18n} services={services} router={router} />
        </StrictMode>,
      );
    } catch (error) {
      console.error('Pult could not start', error);
      root.render(
        <AppFrame i18n={i18n}>
          <StartupError onRetry={() => void start()} />
        </AppFrame>,
      );
    }
  }

  await start();
}
