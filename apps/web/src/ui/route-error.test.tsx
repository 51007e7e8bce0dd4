import { cleanup, fireEvent, screen } from '@testing-library/react';
import { Suspense } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { lazyWithRetry, type RetryDeps } from '../app/lazy-with-retry';
import { jsonResponse, renderApp } from '../test/test-app';
import { RouteError } from './route-error';

/** No waiting, and a server that does not answer, so the first failure ends on the error page. */
const NO_RETRIES: RetryDeps = {
  retries: 0,
  delayMs: 0,
  wait: async () => undefined,
  storage: window.sessionStorage,
  canReload: async () => false,
  reload: () => {
    throw new Error('must not reload');
  },
};

const fetchFn = vi.fn(async () => jsonResponse(200, {})) as unknown as typeof fetch;

describe('RouteError', () => {
  beforeEach(() => {
    window.localStorage.setItem('language_locale', 'en-US');
    // The boundary logs what it caught; expected here.
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
  });
  afterEach(() => {
    cleanup();
    window.localStorage.clear();
    vi.restoreAllMocks();
  });

  it('offers "Try again" for a page that could not load, and loads it again in place', async () => {
    let chunkAvailable = false;
    const Page = lazyWithRetry(async () => {
      if (!chunkAvailable) throw new TypeError('Failed to fetch dynamically imported module');
      return { default: () => <p>the page</p> };
    }, NO_RETRIES);
    renderApp(
      [
        {
          path: '/page',
          element: (
            <Suspense fallback={<p>loading</p>}>
              <Page />
            </Suspense>
          ),
          errorElement: <RouteError />,
        },
      ],
      { path: '/page', fetchFn },
    );
    expect(await screen.findByText('This page could not be loaded')).toBeTruthy();
    chunkAvailable = true;
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText('the page')).toBeTruthy();
  });

  it('offers a reload for a page that failed otherwise', async () => {
    const Broken = () => {
      throw new Error('render failed');
    };
    renderApp([{ path: '/page', element: <Broken />, errorElement: <RouteError /> }], {
      path: '/page',
      fetchFn,
    });
    expect(await screen.findByText('Something went wrong while showing this page.')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Reload' })).toBeTruthy();
  });
});
