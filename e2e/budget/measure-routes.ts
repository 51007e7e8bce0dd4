import type { Browser, BrowserContext, Page } from '@playwright/test';
import type { TokenPair } from '../support/admin-api.js';
import { withoutLiveStream } from '../support/live-stream.js';

/** What one route costs a browser with an empty cache. */
export interface RouteCost {
  route: string;
  /** JS, CSS and font files fetched until the network went quiet. */
  files: number;
  /** Their bodies as transferred (compressed when the server compressed them), in bytes. */
  bytes: number;
  /** The same files before decompression was undone, i.e. as stored on disk: what compression saved. */
  decodedBytes: number;
  /** Content-Encoding values seen, e.g. "br". */
  encodings: string[];
  /** Each file's name and transferred bytes, largest first. */
  detail: { name: string; bytes: number }[];
}

// Fonts count too (issue 24); the panel ships none today and uses the system's.
const CODE_TYPES = new Set(['script', 'stylesheet', 'font']);

/**
 * Opens `route` in a fresh browser context (an empty HTTP cache, as a newcomer's browser) and sums
 * the JS and CSS the panel fetched until the network was idle and the page showed its heading.
 * With `tokens`, the context starts signed in (they are put into local storage before the first
 * script runs), as it would be right after the sign-in form.
 */
export async function measureRoute(
  browser: Browser,
  baseURL: string,
  route: string,
  tokens?: TokenPair,
): Promise<RouteCost> {
  const context = await browser.newContext({ baseURL });
  try {
    await withoutLiveStream(context);
    if (tokens) await storeTokens(context, tokens);
    const page = await context.newPage();
    const finished: Promise<{ name: string; bytes: number; decodedBytes: number; encoding: string }>[] = [];
    page.on('requestfinished', (request) => {
      if (!CODE_TYPES.has(request.resourceType())) return;
      finished.push(
        (async () => {
          const [sizes, response] = await Promise.all([request.sizes(), request.response()]);
          const body = response ? await response.body() : Buffer.alloc(0);
          const encoding = (await response?.headerValue('content-encoding')) ?? 'identity';
          return {
            name: new URL(request.url()).pathname,
            bytes: sizes.responseBodySize,
            decodedBytes: body.length,
            encoding,
          };
        })(),
      );
    });
    await page.goto(route, { waitUntil: 'networkidle' });
    await waitForHeading(page, route);
    const files = await Promise.all(finished);
    return {
      route,
      files: files.length,
      bytes: sum(files.map((file) => file.bytes)),
      decodedBytes: sum(files.map((file) => file.decodedBytes)),
      encodings: [...new Set(files.map((file) => file.encoding))].sort(),
      detail: files.map(({ name, bytes }) => ({ name, bytes })).sort((a, b) => b.bytes - a.bytes),
    };
  } finally {
    await context.close();
  }
}

async function storeTokens(context: BrowserContext, tokens: TokenPair): Promise<void> {
  await context.addInitScript((pair) => {
    if (window.localStorage.getItem('access_token') !== null) return;
    window.localStorage.setItem('access_token', pair.access_token);
    window.localStorage.setItem('refresh_token', pair.refresh_token);
    window.localStorage.setItem('expires_at', String(pair.expires_at));
    window.localStorage.setItem('refresh_expired_at', String(pair.refresh_expired_at));
  }, tokens);
}

async function waitForHeading(page: Page, route: string): Promise<void> {
  try {
    await page.locator('h1').first().waitFor({ state: 'visible', timeout: 30_000 });
  } catch {
    throw new Error(`${route}: no page heading appeared (the page did not load?)`);
  }
}

function sum(values: number[]): number {
  return values.reduce((total, value) => total + value, 0);
}
