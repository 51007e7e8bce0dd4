/**
 * The panel on a slow network (issue 24), benchmark figures only: Debian's Chromium through Playwright,
 * each run in a fresh context (an empty cache), throttled over CDP to 1.6 Mbit/s down, 750 kbit/s up
 * and 150 ms round trip (Network.emulateNetworkConditions) with the CPU 4× slower
 * (Emulation.setCPUThrottlingRate). Per run:
 *  1. navigation to `/` → the e-mail field enabled and a keystroke in it handled (its value changed);
 *  2. sign-in submitted → the dashboard's heading; and on from the same submit, through the menu
 *     (Users, then Users; no think time) → the users list showing rows;
 *  3. the same with the e-mail and password typed at KEY_DELAY_MS (100 ms) a key, as an administrator
 *     types them (the panel's code is fetched meanwhile): sign-in submitted → the dashboard's heading;
 *     and on, the Users section opened, THINK_MS of reading, its Users link clicked → the users list
 *     showing rows, less those THINK_MS (what the panel costs of the way from sign-in to the list);
 *  4. signed in on `/dashboard` (drawn, idle), the Users section opened, THINK_MS (1 s) of reading
 *     the menu, then its Users link clicked → the users list showing rows: what a click costs an
 *     administrator who does not click within milliseconds of the menu opening;
 *  5. for reference, `/auth/users` opened signed in on an empty cache → rows.
 * Medians of RUNS runs (default 5). Run after `npm run build`: `npm run bench:slow-network -w @pult/bench`.
 * Timed from Node around Playwright's own waits, so each figure holds a few ms of polling.
 */
import { type Browser, type BrowserContext, chromium, type Page } from '@playwright/test';
import { adminApi } from '../../e2e/support/admin-api.js';
import { DEMO_ADMIN, startPult } from '../../e2e/support/pult-server.js';
import { startSignedIn } from '../../e2e/support/signed-in-storage.js';

const RUNS = Number(process.env.RUNS ?? 5);
const TIMEOUT_MS = 60_000;
const NETWORK = {
  offline: false,
  latency: 150,
  downloadThroughput: 1_600_000 / 8,
  uploadThroughput: 750_000 / 8,
};
const CPU_SLOWDOWN = 4;
const THINK_MS = 1_000;
const KEY_DELAY_MS = 100;

interface Run {
  signinInteractive: number;
  submitToDashboard: number;
  submitToUsersRows: number;
  typedSubmitToDashboard: number;
  typedSubmitToUsersRows: number;
  linkToUsersRows: number;
  usersColdRows: number;
}

async function throttled(
  browser: Browser,
  baseURL: string,
): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext({ baseURL, viewport: { width: 1366, height: 768 } });
  const page = await context.newPage();
  page.setDefaultTimeout(TIMEOUT_MS);
  const cdp = await context.newCDPSession(page);
  await cdp.send('Network.enable');
  await cdp.send('Network.emulateNetworkConditions', NETWORK);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: CPU_SLOWDOWN });
  return { context, page };
}

/** The dashboard's greeting; the sign-in card has a first-level heading too. */
const dashboardHeading = (page: Page) => page.getByRole('heading', { level: 1, name: /^Вітаємо/ });

const menu = (page: Page) => page.getByRole('navigation', { name: /меню|menu/i });

const usersRows = (page: Page) =>
  page.getByRole('table', { name: 'Користувачі', exact: true }).locator('tbody > tr');

async function signInRun(
  browser: Browser,
  baseURL: string,
): Promise<Pick<Run, 'signinInteractive' | 'submitToDashboard' | 'submitToUsersRows'>> {
  const { context, page } = await throttled(browser, baseURL);
  try {
    const email = page.getByLabel('Е-пошта');
    const started = Date.now();
    await page.goto('/', { waitUntil: 'commit' });
    await email.click();
    await page.keyboard.type(DEMO_ADMIN.email[0]!);
    await page.waitForFunction(
      (first) => (document.activeElement as HTMLInputElement | null)?.value === first,
      DEMO_ADMIN.email[0],
      { timeout: TIMEOUT_MS },
    );
    const signinInteractive = Date.now() - started;

    await email.fill(DEMO_ADMIN.email);
    await page.getByLabel('Пароль').fill(DEMO_ADMIN.password);
    const submitted = Date.now();
    await page.getByRole('button', { name: 'Увійти' }).click();
    await dashboardHeading(page).waitFor({ state: 'visible' });
    const submitToDashboard = Date.now() - submitted;
    await menu(page).getByRole('button', { name: 'Користувачі' }).click();
    await menu(page).getByRole('link', { name: 'Користувачі' }).click();
    await usersRows(page).first().waitFor({ state: 'visible' });
    return { signinInteractive, submitToDashboard, submitToUsersRows: Date.now() - submitted };
  } finally {
    await context.close();
  }
}

async function typedSignInRun(
  browser: Browser,
  baseURL: string,
): Promise<Pick<Run, 'typedSubmitToDashboard' | 'typedSubmitToUsersRows'>> {
  const { context, page } = await throttled(browser, baseURL);
  try {
    await page.goto('/');
    await page.getByLabel('Е-пошта').click();
    await page.keyboard.type(DEMO_ADMIN.email, { delay: KEY_DELAY_MS });
    await page.getByLabel('Пароль').click();
    await page.keyboard.type(DEMO_ADMIN.password, { delay: KEY_DELAY_MS });
    const submitted = Date.now();
    await page.getByRole('button', { name: 'Увійти' }).click();
    await dashboardHeading(page).waitFor({ state: 'visible' });
    const typedSubmitToDashboard = Date.now() - submitted;
    await menu(page).getByRole('button', { name: 'Користувачі' }).click();
    await page.waitForTimeout(THINK_MS);
    await menu(page).getByRole('link', { name: 'Користувачі' }).click();
    await usersRows(page).first().waitFor({ state: 'visible' });
    return { typedSubmitToDashboard, typedSubmitToUsersRows: Date.now() - submitted - THINK_MS };
  } finally {
    await context.close();
  }
}

/** A throttled page on an empty cache whose first load finds an API sign-in's tokens stored. */
async function signedIn(browser: Browser, baseURL: string): Promise<{ context: BrowserContext; page: Page }> {
  const { tokens } = await adminApi(baseURL);
  const { context, page } = await throttled(browser, baseURL);
  await startSignedIn(context, tokens);
  return { context, page };
}

async function menuLinkRun(browser: Browser, baseURL: string): Promise<number> {
  const { context, page } = await signedIn(browser, baseURL);
  try {
    await page.goto('/dashboard');
    await dashboardHeading(page).waitFor({ state: 'visible' });
    // Drawn and settled (the live stream is never idle, so network idleness cannot tell).
    await page.waitForFunction(() => document.querySelector('[aria-busy="true"]') === null);
    await page.waitForTimeout(500);
    await menu(page).getByRole('button', { name: 'Користувачі' }).click();
    await page.waitForTimeout(THINK_MS);
    const clicked = Date.now();
    await menu(page).getByRole('link', { name: 'Користувачі' }).click();
    await usersRows(page).first().waitFor({ state: 'visible' });
    return Date.now() - clicked;
  } finally {
    await context.close();
  }
}

async function usersColdRun(browser: Browser, baseURL: string): Promise<number> {
  const { context, page } = await signedIn(browser, baseURL);
  try {
    const started = Date.now();
    await page.goto('/auth/users', { waitUntil: 'commit' });
    await usersRows(page).first().waitFor({ state: 'visible' });
    return Date.now() - started;
  } finally {
    await context.close();
  }
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
}

async function main(): Promise<void> {
  const server = await startPult({ LOG_LEVEL: 'warn' });
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: ['--no-sandbox', '--disable-gpu', '--no-first-run', '--disable-background-networking'],
  });
  try {
    const runs: Run[] = [];
    for (let run = 0; run < RUNS; run++) {
      const signIn = await signInRun(browser, server.url);
      runs.push({
        ...signIn,
        ...(await typedSignInRun(browser, server.url)),
        linkToUsersRows: await menuLinkRun(browser, server.url),
        usersColdRows: await usersColdRun(browser, server.url),
      });
      console.log(`run ${run + 1}/${RUNS}: ${JSON.stringify(runs.at(-1))}`);
    }
    const rows: [string, keyof Run][] = [
      ['navigation → sign-in form interactive (keystroke handled)', 'signinInteractive'],
      ['sign-in submit → dashboard heading', 'submitToDashboard'],
      ['sign-in submit → users list rows (via the menu)', 'submitToUsersRows'],
      [`typed at ${KEY_DELAY_MS} ms a key: submit → dashboard heading`, 'typedSubmitToDashboard'],
      [`typed: submit → users list rows, less ${THINK_MS} ms of reading`, 'typedSubmitToUsersRows'],
      [`section opened, ${THINK_MS} ms, link clicked → users list rows`, 'linkToUsersRows'],
      ['/auth/users signed in, empty cache → rows', 'usersColdRows'],
    ];
    console.log(`\n1.6 Mbit/s down, 150 ms RTT, CPU ÷${CPU_SLOWDOWN}; ${RUNS} runs, ms (median, min–max)`);
    for (const [label, key] of rows) {
      const values = runs.map((run) => run[key]);
      console.log(
        `${label.padEnd(62)} ${String(median(values)).padStart(6)}  (${Math.min(...values)}–${Math.max(...values)})`,
      );
    }
  } finally {
    await browser.close();
    await server.stop();
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
