#!/usr/bin/env node
// The whole suite: Vitest (contract, api, web), the browser tests, then the panel's load-cost budget
// (e2e/budget, one check), with one closing line "N passed, N failed" summed over all, as CI reads it.
import { spawnSync } from 'node:child_process';
import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { failedE2e, failedVitest } from './failures.mjs';

const root = path.resolve(import.meta.dirname, '..');
const tmp = path.join(root, '.tmp');
mkdirSync(tmp, { recursive: true });
const vitestReport = path.join(tmp, 'vitest-results.json');
const e2eReport = path.join(tmp, 'e2e-results.json');
rmSync(vitestReport, { force: true });
rmSync(e2eReport, { force: true });

const npx = process.platform === 'win32' ? 'npx.cmd' : 'npx';
const run = (args, cwd = root) =>
  spawnSync(npx, args, { cwd, stdio: 'inherit', env: process.env }).status ?? 1;

// Each phase's wall time goes into the closing lines, so a slow CI run says where its time went.
const timings = [];
const timed = (name, action) => {
  const started = Date.now();
  const status = action();
  timings.push(`${name} ${Math.round((Date.now() - started) / 1000)} s`);
  return status;
};

const vitestStatus = timed('vitest', () =>
  run(['vitest', 'run', '--reporter=default', '--reporter=json', `--outputFile=${vitestReport}`]),
);
const e2eStatus = timed('e2e', () => run(['playwright', 'test'], path.join(root, 'e2e')));
const budgetStatus = timed('budget', () => run(['tsx', 'budget/check-budget.ts'], path.join(root, 'e2e')));

const unit = readJson(vitestReport);
const e2e = readJson(e2eReport);
const budgetPassed = budgetStatus === 0 ? 1 : 0;
const passed = (unit?.numPassedTests ?? 0) + (e2e?.stats?.expected ?? 0) + budgetPassed;
const failed =
  (unit ? unit.numFailedTests : 1) +
  (e2e ? (e2e.stats?.unexpected ?? 0) + (e2e.stats?.flaky ?? 0) : 1) +
  (1 - budgetPassed);
const skipped = (unit?.numPendingTests ?? 0) + (unit?.numTodoTests ?? 0) + (e2e?.stats?.skipped ?? 0);

console.log(
  `\nunit+integration: ${unit ? `${unit.numPassedTests} passed, ${unit.numFailedTests} failed` : 'no report'}`,
);
console.log(`e2e: ${e2e ? `${e2e.stats.expected} passed, ${e2e.stats.unexpected} failed` : 'no report'}`);
console.log(`bundle budget: ${budgetPassed ? 'within' : 'over (or failed to run)'}`);
console.log(`time: ${timings.join(', ')}`);
// A failure's name, not only its count, must reach the last lines CI shows: .ci/run prints this file again.
const failures = [...failedVitest(unit, root), ...failedE2e(e2e), ...(budgetPassed ? [] : ['bundle budget'])];
writeFileSync(path.join(tmp, 'failures.txt'), failures.map((name) => `FAILED ${name}\n`).join(''));
for (const name of failures) console.log(`FAILED ${name}`);
console.log(`${passed} passed, ${failed} failed${skipped ? `, ${skipped} skipped` : ''}`);
process.exit(vitestStatus !== 0 || e2eStatus !== 0 || budgetStatus !== 0 || failed > 0 ? 1 : 0);

function readJson(file) {
  try {
    return JSON.parse(readFileSync(file, 'utf8'));
  } catch {
    return null;
  }
}
