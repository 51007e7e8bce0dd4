import type { Page } from '@playwright/test';

/** The paths of the scripts `page` asks for from now on, in order; the array fills as they are asked. */
export function recordScriptRequests(page: Page): string[] {
  const scripts: string[] = [];
  page.on('request', (request) => {
    if (request.resourceType() === 'script') scripts.push(new URL(request.url()).pathname);
  });
  return scripts;
}
