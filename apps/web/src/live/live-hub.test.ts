import type { LiveChange } from '@pult/contract';
import { describe, expect, it, vi } from 'vitest';
import { ANY_RESOURCE, createLiveHub, type LiveEvent } from './live-hub';

const change = (resource: string): LiveChange => ({
  resource,
  id: '1',
  op: 'insert',
  version: 'W/"1"',
  actor: null,
  at: '2026-11-26T12:00:00.000Z',
});

describe('createLiveHub', () => {
  it('delivers a change to the subscribers of its resource and of every resource', () => {
    const hub = createLiveHub();
    const users: LiveEvent[] = [];
    const queue: LiveEvent[] = [];
    const all: LiveEvent[] = [];
    hub.subscribe('auth.users', (event) => users.push(event));
    hub.subscribe('notification.email-queue', (event) => queue.push(event));
    hub.subscribe(ANY_RESOURCE, (event) => all.push(event));
    hub.publishChange(change('auth.users'));
    expect(users).toEqual([{ type: 'change', change: change('auth.users') }]);
    expect(queue).toEqual([]);
    expect(all).toHaveLength(1);
  });

  it('delivers a reset to everyone, and nothing after unsubscribing', () => {
    const hub = createLiveHub();
    const a = vi.fn();
    const b = vi.fn();
    const stopA = hub.subscribe('auth.users', a);
    hub.subscribe(ANY_RESOURCE, b);
    hub.publishReset();
    expect(a).toHaveBeenCalledWith({ type: 'reset' });
    expect(b).toHaveBeenCalledWith({ type: 'reset' });
    stopA();
    hub.publishChange(change('auth.users'));
    expect(a).toHaveBeenCalledTimes(1);
  });

  it('keeps delivering when one listener throws', () => {
    const hub = createLiveHub({ warn: () => undefined });
    const after = vi.fn();
    hub.subscribe('auth.users', () => {
      throw new Error('boom');
    });
    hub.subscribe('auth.users', after);
    hub.publishChange(change('auth.users'));
    expect(after).toHaveBeenCalledTimes(1);
  });

  it('tells status listeners of a change of status only', () => {
    const hub = createLiveHub();
    const listener = vi.fn();
    hub.subscribeStatus(listener);
    hub.setStatus('open');
    hub.setStatus('open');
    expect(hub.status()).toBe('open');
    expect(listener).toHaveBeenCalledTimes(1);
  });
});
