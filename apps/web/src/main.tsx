import { loadPanel } from './app/load-panel';
import { isPublicPath } from './app/public-paths';

/*
 * Two entries (issue 24): the public screens are small React forms without MUI, i18next or zod, so
 * signing in downloads a fraction of the panel; every other path starts the panel. The public entry
 * hands over to the panel after sign-in, and the panel reloads into the public entry to sign out.
 */
if (isPublicPath(window.location.pathname)) {
  // The texts and /config.json start downloading beside the screens' code, not after it runs.
  const downloads = import('./public-entry/public-downloads').then(({ startPublicDownloads }) =>
    startPublicDownloads(window.localStorage),
  );
  void import('./public-entry/start-public').then(({ startPublic }) => startPublic(downloads));
} else {
  void loadPanel().then((start) => start());
}
