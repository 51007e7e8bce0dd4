import { type Browser, expect, type Page, type Request } from '@playwright/test';
import type { TokenPair } from './admin-api.js';
import { withoutLiveStream } from './live-stream.js';
import { startSignedIn } from './signed-in-storage.js';

/**
 * Walks over many routes of the panel in one page (the accessibility and phone-layout checks). A
 * full load per route cost some 5 s on CI's two cores (2.5 s to start the panel again, 1 s to inject
 * axe again); moving within the running panel, as its own links do, costs well under one.
 */

export interface WalkSettings {
  locale: string;
  theme?: string;
  tokens: TokenPair | null;
  viewport?: { width: number; height: number };
}

export async function openWalkPage(browser: Browser, baseURL: string, settings: WalkSettings): Promise<Page> {
  const context = await browser.newContext({
    baseURL,
    ...(settings.viewport ? { viewport: settings.viewport } : {}),
  });
  await withoutLiveStream(context);
  await context.addInitScript(({ locale, theme }) => {
    window.localStorage.setItem('language_locale', locale);
    if (theme) window.localStorage.setItem('color_mode', theme);
  }, settings);
  if (settings.tokens) await startSignedIn(context, settings.tokens);
  const page = await context.newPage();
  trackRequests(page);
  return page;
}

interface Traffic {
  open: Set<Request>;
  /** When (Date.now) a request last started or ended. */
  lastActivity: number;
}

const traffic = new WeakMap<Page, Traffic>();

function trackRequests(page: Page): void {
  const state: Traffic = { open: new Set(), lastActivity: Date.now() };
  traffic.set(page, state);
  const started = (request: Request) => {
    state.open.add(request);
    state.lastActivity = Date.now();
  };
  const ended = (request: Request) => {
    state.open.delete(request);
    state.lastActivity = Date.now();
  };
  page.on('request', started);
  page.on('requestfinished', ended);
  page.on('requestfailed', ended);
}

/**
 * Shows `path` and waits until it has settled: its own heading drawn, no request open for a while,
 * no skeleton or fading rows. The first route is loaded; later ones are reached through the router's
 * history, the way the panel's links move. The new screen's heading is told from the old one by
 * being a new element or by its text: React may keep the old element and change its text.
 */
export async function visitRoute(page: Page, path: string, { reload = false } = {}): Promise<void> {
  if (reload || page.url() === 'about:blank') {
    await page.goto(path);
    await expect(page.locator('h1').first()).toBeVisible();
  } else {
    const before = await page.evaluate((target) => {
      const headings = [...document.querySelectorAll('h1')];
      for (const heading of headings) heading.dataset.walkStale = 'true';
      window.history.pushState(null, '', target);
      window.dispatchEvent(new PopStateEvent('popstate'));
      return headings[0]?.textContent ?? '';
    }, path);
    await page.waitForFunction((old) => {
      const heading = document.querySelector('h1');
      return heading !== null && (heading.dataset.walkStale !== 'true' || heading.textContent !== old);
    }, before);
  }
  await networkQuiet(page);
  await expect(page.locator('[aria-busy="true"]')).toHaveCount(0);
  // A list's rows fade back in (an opacity transition) after their answer: axe reads colours as drawn.
  await page.waitForFunction(
    () => !document.getAnimations().some((animation) => animation instanceof CSSTransition),
  );
}

/**
 * No request open, and none started or ended, for `quietMs` (Playwright's own "networkidle" is only
 * a page load's). A request that ended within the window still changes the screen after it.
 */
async function networkQuiet(page: Page, quietMs = 300): Promise<void> {
  const state = traffic.get(page);
  if (!state) throw new Error('open the page with openWalkPage');
  await expect
    .poll(() => state.open.size === 0 && Date.now() - state.lastActivity >= quietMs, { intervals: [50] })
    .toBe(true);
}

/** `items` dealt into `count` groups of near-equal size, in order within each group. */
export function dealInto<T>(items: readonly T[], count: number): T[][] {
  return Array.from({ length: Math.min(count, items.length) }, (_, group) =>
    items.filter((_, index) => index % count === group),
  );
}
