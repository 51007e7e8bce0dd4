/**
 * What a returning administrator downloads after a deploy (issue 24): the panel is built again with a
 * one-line change in one module (applied by a build plugin to the code as it is read, so the tree is
 * never touched), served, and the users list opened in Chromium. Every JS, CSS or font file it fetches
 * whose name the same route did not fetch before the deploy is a download (hashed files are cached
 * for a year, so an unchanged name is never fetched again), and so is index.html (`no-cache`). The
 * sum, brotli as transferred, must stay ≤ 40 KB. A file fetched under an unchanged name but with other
 * bytes would be served stale from the cache: that fails the check too.
 *
 * The build before the deploy is `apps/web/dist` (run after `npm run build`); one build per edit.
 * Part of the budget check (check-budget.ts); alone: `npm run budget:deploy -w @pult/e2e`.
 */
import { readFile, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { brotliCompressSync, constants } from 'node:zlib';
import { type Browser, chromium } from '@playwright/test';
import { build, type Plugin } from 'vite';
import { adminApi } from '../support/admin-api.js';
import { CHROMIUM_EXECUTABLE } from '../support/chromium.js';
import { REPO_ROOT, startPult } from '../support/pult-server.js';
import { measureRoute, type RouteCost } from './measure-routes.js';

/** Issue 24: compressed KB (1,000 bytes) a returning admin downloads to open the users list. */
export const AFTER_DEPLOY_KB = 40;
export const AFTER_DEPLOY_ROUTE = '/auth/users';

const WEB_ROOT = path.join(REPO_ROOT, 'apps/web');
const BUILT_DIST = path.join(WEB_ROOT, 'dist');

interface OneLineEdit {
  label: string;
  /** Relative to apps/web. */
  file: string;
  from: string;
  to: string;
}

/**
 * The two kinds of change a release usually holds: code of the page being opened, and a text (every
 * text of one language is one chunk that every route loads).
 */
const EDITS: readonly OneLineEdit[] = [
  {
    label: 'users module, code the users list runs (person-name.ts)',
    file: 'src/modules/users/person-name.ts',
    from: '}`.trim();',
    to: '}`.trimEnd();',
  },
  {
    label: 'storage module, a Ukrainian text (storage/i18n/uk-UA.ts)',
    file: 'src/modules/storage/i18n/uk-UA.ts',
    from: "name: 'Назва',",
    to: "name: 'Назва бакета',",
  },
];

export interface DeployCost {
  label: string;
  /** Files the route fetched under a name it had not fetched before, with index.html. */
  downloaded: { name: string; bytes: number }[];
  bytes: number;
  /** Files fetched under an unchanged name whose bytes differ (a stale cache): must be empty. */
  stale: string[];
}

/** Builds the panel once per edit and measures the route against `before` (measured on `apps/web/dist`). */
export async function measureAfterDeploy(browser: Browser, before: RouteCost): Promise<DeployCost[]> {
  const costs: DeployCost[] = [];
  for (const edit of EDITS) {
    const outDir = path.join(os.tmpdir(), `pult-deploy-${process.pid}-${costs.length}`);
    try {
      await buildWithEdit(edit, outDir);
      const server = await startPult({ LOG_LEVEL: 'warn', WEB_DIST_DIR: outDir });
      try {
        const { tokens } = await adminApi(server.url);
        const after = await measureRoute(browser, server.url, AFTER_DEPLOY_ROUTE, tokens);
        costs.push(await compare(edit.label, before, after, outDir));
      } finally {
        await server.stop();
      }
    } finally {
      await rm(outDir, { recursive: true, force: true });
    }
  }
  return costs;
}

async function buildWithEdit(edit: OneLineEdit, outDir: string): Promise<void> {
  const target = path.join(WEB_ROOT, edit.file);
  let applied = false;
  const oneLineEdit: Plugin = {
    name: 'pult-one-line-edit',
    enforce: 'pre',
    transform(code, id) {
      if (id.split('?')[0] !== target) return null;
      if (!code.includes(edit.from)) return null;
      applied = true;
      return { code: code.replace(edit.from, edit.to), map: null };
    },
  };
  await build({
    root: WEB_ROOT,
    configFile: path.join(WEB_ROOT, 'vite.config.ts'),
    logLevel: 'warn',
    plugins: [oneLineEdit],
    build: { outDir, emptyOutDir: true },
  });
  // A stale edit (the line was rewritten since) would measure a build identical to the one before.
  if (!applied) throw new Error(`${edit.file}: "${edit.from}" not found; update EDITS in after-deploy.ts`);
}

async function compare(
  label: string,
  before: RouteCost,
  after: RouteCost,
  outDir: string,
): Promise<DeployCost> {
  const cached = new Set(before.detail.map((file) => file.name));
  const downloaded = after.detail.filter((file) => !cached.has(file.name));
  const stale: string[] = [];
  for (const file of after.detail.filter((file) => cached.has(file.name))) {
    const [old, fresh] = await Promise.all([
      readFile(path.join(BUILT_DIST, file.name)),
      readFile(path.join(outDir, file.name)),
    ]);
    if (!old.equals(fresh)) stale.push(file.name);
  }
  const html = await readFile(path.join(outDir, 'index.html'));
  const htmlBytes = Math.min(html.length, brotliSize(html));
  downloaded.push({ name: '/index.html', bytes: htmlBytes });
  return { label, downloaded, bytes: downloaded.reduce((total, file) => total + file.bytes, 0), stale };
}

function brotliSize(content: Buffer): number {
  return brotliCompressSync(content, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }).length;
}

/** Prints each edit's figure and files; true when every one is within the budget and none is stale. */
export function reportAfterDeploy(costs: DeployCost[]): boolean {
  console.log(
    `\nAfter a deploy: ${AFTER_DEPLOY_ROUTE} with a warm cache, one-line change (≤ ${AFTER_DEPLOY_KB} KB)`,
  );
  let ok = true;
  for (const cost of costs) {
    const kb = cost.bytes / 1000;
    const over = kb > AFTER_DEPLOY_KB;
    ok &&= !over && cost.stale.length === 0;
    console.log(
      `  ${kb.toFixed(1).padStart(6)} KB  ${cost.downloaded.length} files  ${cost.label}${over ? '  OVER' : ''}`,
    );
    for (const file of [...cost.downloaded].sort((a, b) => b.bytes - a.bytes))
      console.log(`      ${(file.bytes / 1000).toFixed(1).padStart(6)}  ${file.name}`);
    for (const name of cost.stale) console.log(`      STALE (same name, other bytes): ${name}`);
  }
  return ok;
}

async function main(): Promise<number> {
  const browser = await chromium.launch({
    executablePath: CHROMIUM_EXECUTABLE,
    args: ['--no-sandbox', '--disable-gpu', '--no-first-run', '--disable-background-networking'],
  });
  try {
    const server = await startPult({ LOG_LEVEL: 'warn', WEB_DIST_DIR: BUILT_DIST });
    let before: RouteCost;
    try {
      const { tokens } = await adminApi(server.url);
      before = await measureRoute(browser, server.url, AFTER_DEPLOY_ROUTE, tokens);
    } finally {
      await server.stop();
    }
    return reportAfterDeploy(await measureAfterDeploy(browser, before)) ? 0 : 1;
  } finally {
    await browser.close();
  }
}

if (process.argv[1] && path.resolve(process.argv[1]) === path.resolve(import.meta.filename)) {
  main().then(
    (code) => process.exit(code),
    (error: unknown) => {
      console.error(error);
      process.exit(1);
    },
  );
}
