import type { LiveChange } from '@pult/contract';
import { act, renderHook } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { LiveHubProvider, useLiveChanges, useLiveConnected, useLiveRefresh } from './live-context';
import { createLiveHub, type LiveHub } from './live-hub';

const change = (resource: string): LiveChange => ({
  resource,
  id: '1',
  op: 'update',
  version: 'W/"2"',
  actor: null,
  at: '2026-11-26T12:00:00.000Z',
});

function wrapperOf(hub: LiveHub | null) {
  return ({ children }: { children: ReactNode }) => <LiveHubProvider hub={hub}>{children}</LiveHubProvider>;
}

describe('live hooks', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('refreshes at once on a change, then at most once per window', () => {
    const hub = createLiveHub();
    const refresh = vi.fn();
    renderHook(() => useLiveRefresh('notification.email-queue', refresh, 5000), { wrapper: wrapperOf(hub) });
    act(() => {
      for (let n = 0; n < 10; n += 1) hub.publishChange(change('notification.email-queue'));
      hub.publishChange(change('auth.users'));
    });
    expect(refresh).toHaveBeenCalledTimes(1);
    act(() => vi.advanceTimersByTime(5000));
    expect(refresh).toHaveBeenCalledTimes(2);
  });

  it('stops listening when unmounted, and receives nothing without a hub', () => {
    const hub = createLiveHub();
    const listener = vi.fn();
    const view = renderHook(() => useLiveChanges('auth.users', listener), { wrapper: wrapperOf(hub) });
    act(() => hub.publishChange(change('auth.users')));
    view.unmount();
    act(() => hub.publishChange(change('auth.users')));
    expect(listener).toHaveBeenCalledTimes(1);
    const alone = renderHook(() => useLiveConnected(), { wrapper: wrapperOf(null) });
    expect(alone.result.current).toBe(false);
  });

  it('tells whether the stream is open', () => {
    const hub = createLiveHub();
    const view = renderHook(() => useLiveConnected(), { wrapper: wrapperOf(hub) });
    expect(view.result.current).toBe(false);
    act(() => hub.setStatus('open'));
    expect(view.result.current).toBe(true);
  });
});
