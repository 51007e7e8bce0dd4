/**
 * The panel's load-cost budget (issue 12): every route opened in Chromium with an empty cache, the
 * JS and CSS it fetched summed as transferred, a table printed, and exit code 1 when a route is over
 * its budget. Run after `npm run build`: `npm run budget -w @pult/e2e` (every route), or with paths
 * after `--` to measure only those.
 */
import { chromium } from '@playwright/test';
import { adminApi } from '../support/admin-api.js';
import { startPult } from '../support/pult-server.js';
import { PUBLIC_ROUTES, SHELL_ROUTES } from '../support/routes.js';
import { measureRoute, type RouteCost } from './measure-routes.js';

/** Compressed JS+CSS, in KB (1,000 bytes), before the route is usable. */
export const BUDGET_KB = { public: 100, signedIn: 200 } as const;

const kb = (bytes: number) => bytes / 1000;
const only = process.argv.slice(2);
const chosen = (path: string) => only.length === 0 || only.includes(path);

async function main(): Promise<number> {
  const server = await startPult({ LOG_LEVEL: 'warn' });
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: ['--no-sandbox', '--disable-gpu', '--no-first-run', '--disable-background-networking'],
  });
  try {
    const rows: { cost: RouteCost; budget: number }[] = [];
    for (const { path } of PUBLIC_ROUTES.filter((route) => chosen(route.path))) {
      rows.push({ cost: await measureRoute(browser, server.url, path), budget: BUDGET_KB.public });
    }
    const { tokens } = await adminApi(server.url);
    for (const { path } of SHELL_ROUTES.filter((route) => chosen(route.path))) {
      rows.push({ cost: await measureRoute(browser, server.url, path, tokens), budget: BUDGET_KB.signedIn });
    }
    printTable(rows);
    const over = rows.filter((row) => kb(row.cost.bytes) > row.budget);
    if (over.length > 0) {
      console.error(`\nOver budget: ${over.map((row) => row.cost.route).join(', ')}`);
      return 1;
    }
    console.log(`\nAll ${rows.length} routes within budget.`);
    return 0;
  } finally {
    await browser.close();
    await server.stop();
  }
}

function printTable(rows: { cost: RouteCost; budget: number }[]): void {
  const width = Math.max(...rows.map((row) => row.cost.route.length), 5);
  const line = (cells: string[]) =>
    console.log(
      [cells[0]!.padEnd(width), ...cells.slice(1).map((cell, i) => cell.padStart(i === 4 ? 10 : 8))].join(
        '  ',
      ),
    );
  line(['route', 'files', 'KB', 'raw KB', 'budget', 'encoding']);
  for (const { cost, budget } of rows) {
    const flag = kb(cost.bytes) > budget ? ' OVER' : '';
    line([
      cost.route,
      String(cost.files),
      kb(cost.bytes).toFixed(1),
      kb(cost.decodedBytes).toFixed(1),
      String(budget),
      `${cost.encodings.join(',')}${flag}`,
    ]);
  }
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error(error);
    process.exit(1);
  },
);
