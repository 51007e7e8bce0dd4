import type { MyPermissions } from '@pult/contract';
import { describe, expect, it, vi } from 'vitest';
import { createPermissionsStore } from './permissions-store';

const support = (version: string, grants: MyPermissions['grants']): MyPermissions => ({
  admin_id: 3,
  groups: ['support'],
  version,
  grants,
  kinds: {},
  mfa_enrollment_required: false,
});
const listUsers = { resource: 'auth.users', action: 'list', effect: 'allow' } as const;
const listAdmins = { resource: 'auth.admins', action: 'list', effect: 'allow' } as const;

function fakeTimers() {
  let tick: (() => void) | null = null;
  return {
    timers: {
      set: (run: () => void) => {
        tick = run;
        return 1;
      },
      clear: () => {
        tick = null;
      },
    },
    tick: () => tick?.(),
    running: () => tick !== null,
  };
}

describe('createPermissionsStore', () => {
  it('loads on start and follows a changed version on the next poll', async () => {
    const answers = [support('a', [listUsers]), support('b', [listUsers, listAdmins])];
    const load = vi.fn(async () => answers.shift() ?? support('b', [listUsers, listAdmins]));
    const clock = fakeTimers();
    const store = createPermissionsStore({ load, timers: clock.timers });
    store.start();
    expect(store.getState().status).toBe('loading');
    await store.refresh();
    const first = store.getState();
    expect(first.status === 'ready' && first.check.can('auth.admins', 'list')).toBe(false);

    clock.tick();
    await store.refresh();
    const second = store.getState();
    expect(second.status === 'ready' && second.check.can('auth.admins', 'list')).toBe(true);
  });

  it('does not poll while a live stream is open, and asks once when one opens', async () => {
    const load = vi.fn(async () => support('a', [listUsers]));
    const clock = fakeTimers();
    const store = createPermissionsStore({ load, timers: clock.timers });
    store.start();
    await store.refresh();
    expect(load).toHaveBeenCalledTimes(1);
    store.setLive(true);
    await store.refresh();
    expect(load).toHaveBeenCalledTimes(2);
    clock.tick();
    clock.tick();
    expect(load).toHaveBeenCalledTimes(2);
    store.setLive(false);
    clock.tick();
    await store.refresh();
    expect(load).toHaveBeenCalledTimes(3);
  });

  it('keeps the same state object while the version stays, so nothing re-renders', async () => {
    const store = createPermissionsStore({
      load: async () => support('a', [listUsers]),
      timers: fakeTimers().timers,
    });
    store.start();
    await store.refresh();
    const before = store.getState();
    const listener = vi.fn();
    store.subscribe(listener);
    await store.refresh();
    expect(store.getState()).toBe(before);
    expect(listener).not.toHaveBeenCalled();
  });

  it('keeps known grants through a failed poll, and reports a failed first load', async () => {
    let fail = false;
    const store = createPermissionsStore({
      load: async () => {
        if (fail) throw new Error('offline');
        return support('a', [listUsers]);
      },
      timers: fakeTimers().timers,
    });
    store.start();
    await store.refresh();
    fail = true;
    await store.refresh();
    expect(store.getState().status).toBe('ready');

    store.stop();
    store.start();
    await store.refresh();
    expect(store.getState().status).toBe('failed');
  });

  it('forgets on stop and ignores an answer that arrives after it', async () => {
    let resolve: (value: MyPermissions) => void = () => {};
    const clock = fakeTimers();
    const store = createPermissionsStore({
      load: () => new Promise<MyPermissions>((done) => (resolve = done)),
      timers: clock.timers,
    });
    store.start();
    const pending = store.refresh();
    store.stop();
    resolve(support('a', [listUsers]));
    await pending;
    expect(store.getState().status).toBe('signed-out');
    expect(clock.running()).toBe(false);
  });

  it('does not poll while the page is hidden', async () => {
    const load = vi.fn(async () => support('a', [listUsers]));
    const clock = fakeTimers();
    const store = createPermissionsStore({ load, timers: clock.timers, isVisible: () => false });
    store.start();
    await store.refresh();
    clock.tick();
    expect(load).toHaveBeenCalledTimes(1);
  });
});
