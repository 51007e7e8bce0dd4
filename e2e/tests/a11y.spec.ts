import AxeBuilder from '@axe-core/playwright';
import type { Browser, Page } from '@playwright/test';
import { adminApi, type TokenPair } from '../support/admin-api.js';
import { expect, test } from '../support/fixtures.js';
import { withoutLiveStream } from '../support/live-stream.js';
import { type PanelRoute, PUBLIC_ROUTES, SHELL_ROUTES } from '../support/routes.js';

/**
 * axe on every route, in each language and each colour theme (issue 12 §5): no serious or critical
 * violation of WCAG 2.1 A/AA. Routes come from support/routes.ts.
 *
 * Two walks cover both themes and both languages (light in Ukrainian, dark in English): what a theme
 * breaks is colour, what a language breaks is text and names, and neither depends on the other. The
 * other two pairs cost CI about 11 minutes of a worker and found nothing the first two did not;
 * color-mode.spec.ts still checks the dark theme's contrast on the main lists in both languages.
 *
 * One test per route and walk, in parallel: a walk as one test took 15 minutes of one worker, and
 * when it failed, CI's summary named the walk but not the route.
 */
test.describe.configure({ mode: 'parallel' });

const WALKS = [
  { theme: 'light', locale: 'uk-UA' },
  { theme: 'dark', locale: 'en-US' },
] as const;
const WCAG_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'];
const BLOCKING = new Set(['serious', 'critical']);

// Each test signs in afresh: one sign-in shared by the file's tests outlived its access token on
// a loaded machine, and a panel that rotated the refresh token signed the next test out as a reuse.
const signedIn = test.extend<{ tokens: TokenPair }>({
  tokens: async ({ pult }, use) => {
    await use((await adminApi(pult.url)).tokens);
  },
});

interface Settings {
  locale: string;
  theme: string;
  tokens: TokenPair | null;
}

async function openPage(browser: Browser, baseURL: string, settings: Settings): Promise<Page> {
  const context = await browser.newContext({ baseURL });
  await withoutLiveStream(context);
  await context.addInitScript(({ locale, theme, tokens }) => {
    window.localStorage.setItem('language_locale', locale);
    window.localStorage.setItem('color_mode', theme);
    if (tokens && window.localStorage.getItem('access_token') === null) {
      window.localStorage.setItem('access_token', tokens.access_token);
      window.localStorage.setItem('refresh_token', tokens.refresh_token);
      window.localStorage.setItem('expires_at', String(tokens.expires_at));
      window.localStorage.setItem('refresh_expired_at', String(tokens.refresh_expired_at));
    }
  }, settings);
  return context.newPage();
}

/** The route's serious and critical violations, one line per rule with up to five of its nodes. */
async function blockingViolations(page: Page, route: PanelRoute): Promise<string[]> {
  await page.goto(route.path);
  await expect(page.locator('h1').first()).toBeVisible();
  await page.waitForLoadState('networkidle');
  // Skeleton rows and fading rows are transient; axe reads the settled page.
  await expect(page.locator('[aria-busy="true"]')).toHaveCount(0);
  // The template editor's live preview is a sandboxed iframe without scripts (by design): axe cannot
  // run inside it and would wait on it until the test times out. It shows the administrator's own
  // markup, which the editor around it does not control. Excluded, it is not entered; `iframes: false`
  // also keeps axe's own cross-frame messaging from reaching for it.
  const results = await new AxeBuilder({ page })
    .options({ iframes: false })
    .withTags(WCAG_TAGS)
    .exclude('iframe')
    .analyze();
  return results.violations
    .filter((violation) => BLOCKING.has(violation.impact ?? ''))
    .map(
      (violation) =>
        `${route.path}: ${violation.impact} ${violation.id}: ${violation.help}\n` +
        violation.nodes
          .slice(0, 5)
          .map(
            (node) => `    ${node.target.join(' ')} — ${node.failureSummary?.split('\n').slice(1).join(' ')}`,
          )
          .join('\n'),
    );
}

for (const { theme, locale } of WALKS) {
  for (const route of PUBLIC_ROUTES) {
    test(`axe finds nothing serious on ${route.path}, ${theme} theme, ${locale}`, async ({
      browser,
      pult,
    }) => {
      const page = await openPage(browser, pult.url, { locale, theme, tokens: null });
      expect(await blockingViolations(page, route)).toEqual([]);
      await page.context().close();
    });
  }
  for (const route of SHELL_ROUTES) {
    signedIn(
      `axe finds nothing serious on ${route.path}, ${theme} theme, ${locale}`,
      async ({ browser, pult, tokens }) => {
        const page = await openPage(browser, pult.url, { locale, theme, tokens });
        expect(await blockingViolations(page, route)).toEqual([]);
        await page.context().close();
      },
    );
  }
}
