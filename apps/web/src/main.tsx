import { loadPanel, prefetchPanel } from './app/load-panel';
import { isPublicPath } from './app/public-paths';
import { requestRuntimeConfig } from './config/request-runtime-config';
import { readStoredLocale } from './i18n/language-storage';
import { hasLiveSession } from './session/token-store';

/*
 * Two entries (issue 24): the public screens are small React forms without MUI, the panel's translator
 * or zod, so signing in downloads a fraction of the panel; every other path starts the panel. The public
 * entry hands over to the panel after sign-in, and the panel reloads into the public entry to sign out.
 */
if (isPublicPath(window.location.pathname)) {
  // The texts and /config.json start downloading beside the screens' code, not after it runs.
  const downloads = import('./public-entry/public-downloads').then(({ startPublicDownloads }) =>
    startPublicDownloads(window.localStorage),
  );
  void import('./public-entry/start-public').then(({ startPublic }) => startPublic(downloads));
} else {
  // /config.json and the page's code (and the shell's) download beside the start-up's and the texts,
  // not after them: asked for last, the config would queue behind the page's many files.
  const configRequest = requestRuntimeConfig();
  configRequest.catch(() => undefined);
  // Without a session the panel sends the visitor to sign in: the page's code would be fetched for nothing.
  if (hasLiveSession(window.localStorage))
    prefetchPanel(window.location.pathname, readStoredLocale(window.localStorage));
  void loadPanel().then((start) => start({ configRequest }));
}
