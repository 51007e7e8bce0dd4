import { createElement } from 'react';
import { Outlet, type RouteObject } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import { lazyWithRetry } from './lazy-with-retry';
import { preloadRoute } from './route-preload';

const page = { default: () => null };

function lazyPage() {
  const loader = vi.fn(async () => page);
  return { loader, Page: lazyWithRetry(loader) };
}

describe('preloadRoute', () => {
  it("starts loading the matched pages' code and nothing else", () => {
    const shell = lazyPage();
    const users = lazyPage();
    const admins = lazyPage();
    const routes: RouteObject[] = [
      {
        path: '/',
        element: createElement(Outlet),
        children: [
          {
            element: createElement(shell.Page),
            children: [
              { path: 'auth/users', element: createElement(users.Page) },
              { path: 'auth/admins', element: createElement(admins.Page) },
            ],
          },
        ],
      },
    ];
    preloadRoute('/auth/users', routes);
    expect(shell.loader).toHaveBeenCalledTimes(1);
    expect(users.loader).toHaveBeenCalledTimes(1);
    expect(admins.loader).not.toHaveBeenCalled();
  });

  it('does nothing for an address no route matches', () => {
    const users = lazyPage();
    preloadRoute('/nowhere', [{ path: '/auth/users', element: createElement(users.Page) }]);
    expect(users.loader).not.toHaveBeenCalled();
  });

  it('ignores a failed download: the page loads (and retries) when it is rendered', async () => {
    const loader = vi.fn(async () => {
      throw new Error('offline');
    });
    const Page = lazyWithRetry(loader);
    const unhandled = vi.fn();
    process.on('unhandledRejection', unhandled);
    try {
      preloadRoute('/a', [{ path: '/a', element: createElement(Page) }]);
      await new Promise((resolve) => setTimeout(resolve, 0));
      expect(loader).toHaveBeenCalledTimes(1);
      expect(unhandled).not.toHaveBeenCalled();
    } finally {
      process.off('unhandledRejection', unhandled);
    }
  });
});
