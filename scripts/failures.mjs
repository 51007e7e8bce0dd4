// The names of what failed in a Vitest or Playwright JSON report, with the start of each error, so
// that CI's last lines (often all a failed run leaves behind) say which test failed and why.
import path from 'node:path';

const ANSI = new RegExp(`${String.fromCharCode(27)}\\[[0-9;]*m`, 'g');

/** The first lines of an error message, indented under its test's name. */
function reason(message) {
  if (!message) return '';
  const lines = message
    .replace(ANSI, '')
    .split('\n')
    .map((line) => line.trimEnd())
    .filter(Boolean);
  return `\n    ${lines.slice(0, 6).join('\n    ').slice(0, 800)}`;
}

export function failedVitest(report, root) {
  if (!report) return ['vitest (no report)'];
  return report.testResults.flatMap((file) => {
    const rel = path.relative(root, file.name);
    const tests = file.assertionResults
      .filter((test) => test.status === 'failed')
      .map((test) => `${rel} › ${test.fullName}${reason(test.failureMessages?.[0])}`);
    // A file that failed to load has no failed test of its own.
    return tests.length || file.status !== 'failed'
      ? tests
      : [`${rel} (${file.message || 'failed'})`.slice(0, 400)];
  });
}

// Flaky tests (passed on a retry) count as failures, so they are named too.
export function failedE2e(report) {
  if (!report) return ['e2e (no report)'];
  const names = [];
  const walk = (suite, trail) => {
    const here = suite.title ? [...trail, suite.title] : trail;
    for (const spec of suite.specs ?? []) {
      for (const test of spec.tests ?? []) {
        if (test.status === 'unexpected' || test.status === 'flaky') {
          const error = test.results?.find((result) => result.error)?.error;
          names.push(
            `${[...here, spec.title].join(' › ')} [${test.projectName || 'e2e'}] (${test.status})${reason(error?.message)}${error?.location ? `\n    at ${path.basename(error.location.file)}:${error.location.line}` : ''}`,
          );
        }
      }
    }
    for (const child of suite.suites ?? []) walk(child, here);
  };
  for (const suite of report.suites ?? []) walk(suite, []);
  return names;
}
