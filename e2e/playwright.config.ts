import { defineConfig } from '@playwright/test';
import { CHROMIUM_EXECUTABLE } from './support/chromium.js';

/** Browser tests drive Debian's Chromium against the real, built server (see support/pult-server.ts). */
export default defineConfig({
  testDir: './tests',
  globalSetup: './support/global-setup.ts',
  timeout: 90_000,
  // Generous: on CI's two cores a first page in a new context has taken over 10 s (a lazy chunk and a
  // list behind two browsers and two servers); a real fault still fails, only later.
  expect: { timeout: 20_000 },
  // Each file starts its own server; two cores fit two at a time.
  workers: 2,
  fullyParallel: false,
  retries: 0,
  reporter: [['list'], ['json', { outputFile: '../.tmp/e2e-results.json' }]],
  use: {
    browserName: 'chromium',
    viewport: { width: 1366, height: 800 },
    screenshot: 'only-on-failure',
    trace: 'retain-on-failure',
    launchOptions: {
      executablePath: CHROMIUM_EXECUTABLE,
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-quic',
        '--no-first-run',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
      ],
    },
  },
});
