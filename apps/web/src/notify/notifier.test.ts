import { describe, expect, it, vi } from 'vitest';
import { createNotifier, notifier } from './notifier';

describe('createNotifier', () => {
  it('adds notices in order with distinct ids', () => {
    const store = createNotifier();
    const first = store.notify('success', 'Saved');
    const second = store.notify('error', 'Access denied');
    expect(first).not.toBe(second);
    expect(store.getSnapshot()).toEqual([
      { id: first, kind: 'success', text: 'Saved' },
      { id: second, kind: 'error', text: 'Access denied' },
    ]);
  });

  it('dismisses one notice by id', () => {
    const store = createNotifier();
    const first = store.notify('info', 'one');
    const second = store.notify('info', 'two');
    store.dismiss(first);
    expect(store.getSnapshot().map((notice) => notice.id)).toEqual([second]);
  });

  it('keeps the snapshot identity until something changes, as useSyncExternalStore requires', () => {
    const store = createNotifier();
    const empty = store.getSnapshot();
    expect(store.getSnapshot()).toBe(empty);
    store.notify('info', 'x');
    const withOne = store.getSnapshot();
    expect(withOne).not.toBe(empty);
    expect(store.getSnapshot()).toBe(withOne);
    expect(empty).toEqual([]); // earlier snapshots are never mutated
  });

  it('tells subscribers about changes only, until they unsubscribe', () => {
    const store = createNotifier();
    const listener = vi.fn();
    const unsubscribe = store.subscribe(listener);
    const id = store.notify('success', 'ok');
    expect(listener).toHaveBeenCalledTimes(1);
    store.dismiss(id);
    store.dismiss(id); // timer and close button both firing
    store.dismiss(12345);
    expect(listener).toHaveBeenCalledTimes(2);
    unsubscribe();
    store.notify('info', 'later');
    expect(listener).toHaveBeenCalledTimes(2);
  });

  it('works with detached methods, the way React calls them', () => {
    const store = createNotifier();
    const { subscribe, getSnapshot } = store;
    const listener = vi.fn();
    subscribe(listener);
    store.notify('info', 'x');
    expect(listener).toHaveBeenCalledOnce();
    expect(getSnapshot()).toHaveLength(1);
  });

  it('gives separate stores separate state', () => {
    const store = createNotifier();
    store.notify('info', 'x');
    expect(createNotifier().getSnapshot()).toEqual([]);
    expect(notifier.getSnapshot()).toEqual([]);
  });

  it('lets a success replace the errors before it, and keeps other notices', () => {
    const store = createNotifier();
    store.notify('error', 'Failed to save changes');
    store.notify('info', 'Copied');
    store.notify('success', 'Changes saved');
    expect(store.getSnapshot().map((notice) => notice.text)).toEqual(['Copied', 'Changes saved']);
    store.notify('error', 'Failed to delete the record');
    expect(store.getSnapshot().map((notice) => notice.kind)).toEqual(['info', 'success', 'error']);
  });
});
