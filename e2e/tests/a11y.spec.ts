import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { Page } from '@playwright/test';
import { adminApi, type TokenPair } from '../support/admin-api.js';
import { expect, test } from '../support/fixtures.js';
import { dealInto, openWalkPage, visitRoute } from '../support/route-walk.js';
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
 * Each walk's signed-in routes are dealt into a few tests that run in parallel; each test moves
 * through its routes in one page, as the panel's links do (support/route-walk.ts), with axe injected
 * once. A page load and an injection per route took 20 minutes of CI's workers. A failure names its
 * route in the violation's line and in the test step.
 */
test.describe.configure({ mode: 'parallel' });

const WALKS = [
  { theme: 'light', locale: 'uk-UA' },
  { theme: 'dark', locale: 'en-US' },
] as const;
const GROUPS_PER_WALK = 4;
const WCAG_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'];
const BLOCKING = new Set(['serious', 'critical']);
const AXE_SOURCE = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

// Each test signs in afresh: one sign-in shared by the file's tests outlived its access token on
// a loaded machine, and a panel that rotated the refresh token signed the next test out as a reuse.
const signedIn = test.extend<{ tokens: TokenPair }>({
  tokens: async ({ pult }, use) => {
    await use((await adminApi(pult.url)).tokens);
  },
});

interface AxeViolation {
  id: string;
  impact?: string | null;
  help: string;
  nodes: { target: unknown[]; failureSummary?: string }[];
}

/** The route's serious and critical violations, one line per rule with up to five of its nodes. */
async function blockingViolations(page: Page, route: PanelRoute, reload: boolean): Promise<string[]> {
  await visitRoute(page, route.path, { reload });
  // A page load forgets axe; a move within the panel keeps it.
  if (await page.evaluate(() => !('axe' in window))) await page.evaluate(AXE_SOURCE);
  // The template editor's live preview is a sandboxed iframe without scripts (by design): axe cannot
  // run inside it and would wait on it until the test times out. It shows the administrator's own
  // markup, which the editor around it does not control. Excluded, it is not entered; `iframes: false`
  // also keeps axe's own cross-frame messaging from reaching for it.
  const violations = await page.evaluate(
    (tags) =>
      (
        window as unknown as {
          axe: { run(context: unknown, options: unknown): Promise<{ violations: AxeViolation[] }> };
        }
      ).axe
        .run({ exclude: [['iframe']] }, { runOnly: { type: 'tag', values: tags }, iframes: false })
        .then((results) => results.violations),
    WCAG_TAGS,
  );
  return violations
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

async function walk(page: Page, routes: readonly PanelRoute[], reloadEach: boolean): Promise<string[]> {
  const found: string[] = [];
  for (const route of routes) {
    await test.step(route.path, async () => {
      found.push(...(await blockingViolations(page, route, reloadEach)));
    });
  }
  return found;
}

for (const { theme, locale } of WALKS) {
  // The public pages are separate entries: each is loaded on its own.
  test(`axe finds nothing serious on the public routes, ${theme} theme, ${locale}`, async ({
    browser,
    pult,
  }) => {
    const page = await openWalkPage(browser, pult.url, { locale, theme, tokens: null });
    expect(await walk(page, PUBLIC_ROUTES, true)).toEqual([]);
    await page.context().close();
  });
  for (const routes of dealInto(SHELL_ROUTES, GROUPS_PER_WALK)) {
    signedIn(
      `axe finds nothing serious on ${routes.map((route) => route.path).join(', ')}, ${theme} theme, ${locale}`,
      async ({ browser, pult, tokens }) => {
        test.setTimeout(routes.length * 20_000);
        const page = await openWalkPage(browser, pult.url, { locale, theme, tokens });
        expect(await walk(page, routes, false)).toEqual([]);
        await page.context().close();
      },
    );
  }
}
