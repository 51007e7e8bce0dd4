// The names of what failed in a Vitest or Playwright JSON report, one line each, so that CI's last
// lines say which test failed and not only how many.
import path from 'node:path';

export function failedVitest(report, root) {
  if (!report) return ['vitest (no report)'];
  return report.testResults.flatMap((file) => {
    const rel = path.relative(root, file.name);
    const tests = file.assertionResults
      .filter((test) => test.status === 'failed')
      .map((test) => `${rel} › ${test.fullName}`);
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
          names.push(`${[...here, spec.title].join(' › ')} [${test.projectName || 'e2e'}] (${test.status})`);
        }
      }
    }
    for (const child of suite.suites ?? []) walk(child, here);
  };
  for (const suite of report.suites ?? []) walk(suite, []);
  return names;
}
