import type { BrowserContext, Page } from '@playwright/test';

/**
 * Playwright's "networkidle" never comes while a signed-in panel holds its live changes stream open
 * (`GET /auth/admin/events`, a request that does not end: docs/architecture.md, "Live changes").
 * Tools that wait for it (the load budget, axe, the phone-layout walk, the screenshots) answer the
 * stream at once with no content: the panel counts that as a failed attempt and retries after its
 * backoff (1 s, then longer), so the network is quiet in between, as before the stream existed.
 */
export async function withoutLiveStream(target: BrowserContext | Page): Promise<void> {
  await target.route('**/admin/events', (route) => route.fulfill({ status: 204 }));
}
