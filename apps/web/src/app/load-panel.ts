import type { Locale } from '@pult/contract';
import { loadTexts } from '../i18n/load-texts';
import type { StartPanelOptions } from './start-panel';

export type OpenPanel = (options?: Omit<StartPanelOptions, 'routes' | 'loadTexts'>) => Promise<void>;

/**
 * Fetches the panel (fetched early by the sign-in screen while the admin types, so signing in does not
 * wait for it). The route table and the texts' loader, which name the pages' and the languages'
 * chunks, are fetched beside the panel's start-up code and handed to it, not imported by it: a page or
 * a text that changes in a release then changes this small entry's chunk and not the start-up chunk
 * that most chunks import (docs/architecture.md, "Chunks that survive a deploy").
 */
export async function loadPanel(): Promise<OpenPanel> {
  const [{ startPanel }, { appRoutes }] = await Promise.all([import('./start-panel'), import('./routes')]);
  return (options = {}) => startPanel({ ...options, routes: appRoutes, loadTexts });
}

let prefetchStarted = false;

/**
 * Fetches, while the administrator types their password, all the code opening the panel on `path` in
 * `locale` will need: the start-up, that language's texts, the shell and the page. Signing in then
 * waits only for the server's answers, not for a chain of chunks after them (issue 24). Called on every
 * keystroke. The texts are asked for each time (a module already fetched costs nothing), so a language
 * switched to after the first keystroke is fetched too; the code once, and again after a failure of
 * the start-up or the route table (the shell's and the page's own loads retry when they are rendered).
 */
export function prefetchPanel(path: string, locale: Locale): void {
  loadTexts(locale).catch(() => undefined);
  if (prefetchStarted) return;
  prefetchStarted = true;
  Promise.all([loadPanel(), import('./routes'), import('./route-preload')]).then(
    ([, { appRoutes }, { preloadRoute }]) => preloadRoute(path, appRoutes),
    () => {
      prefetchStarted = false;
    },
  );
}
