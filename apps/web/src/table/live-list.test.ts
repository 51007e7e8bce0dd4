import type { LiveChange } from '@pult/contract';
import { describe, expect, it } from 'vitest';
import type { LiveEvent } from '../live/live-hub';
import {
  applyLiveEvent,
  EMPTY_LIVE_LIST,
  liveIdOf,
  mergeInPlace,
  rowFromRecord,
  settleLiveList,
} from './live-list';

function event(op: LiveChange['op'], id: string | null): LiveEvent {
  return {
    type: 'change',
    change: { resource: 'auth.users', id, op, version: null, actor: null, at: '2026-11-26T12:00:00Z' },
  };
}

const page = new Set(['1', '2', '3']);

describe('applyLiveEvent', () => {
  it('asks to re-read an updated row on the page, and ignores one elsewhere', () => {
    expect(applyLiveEvent(EMPTY_LIVE_LIST, event('update', '2'), page)).toEqual({
      state: EMPTY_LIVE_LIST,
      reread: '2',
    });
    expect(applyLiveEvent(EMPTY_LIVE_LIST, event('update', '9'), page).reread).toBeNull();
  });

  it('counts each new record once, and not one already on the page', () => {
    let state = applyLiveEvent(EMPTY_LIVE_LIST, event('insert', '7'), page).state;
    state = applyLiveEvent(state, event('insert', '7'), page).state;
    state = applyLiveEvent(state, event('insert', '8'), page).state;
    state = applyLiveEvent(state, event('insert', '3'), page).state;
    expect([...state.inserted]).toEqual(['7', '8']);
  });

  it('marks a deleted row on the page, and uncounts a new record deleted again', () => {
    let state = applyLiveEvent(EMPTY_LIVE_LIST, event('insert', '7'), page).state;
    state = applyLiveEvent(state, event('delete', '7'), page).state;
    state = applyLiveEvent(state, event('delete', '1'), page).state;
    state = applyLiveEvent(state, event('delete', '42'), page).state;
    expect([...state.inserted]).toEqual([]);
    expect([...state.deleted]).toEqual(['1']);
    // A deleted row is not read again (it would answer 404, or an id reused by nobody).
    expect(applyLiveEvent(state, event('update', '1'), page).reread).toBeNull();
  });

  it('turns `many` and a reset into "the list has changed", noting when it arrived', () => {
    expect(applyLiveEvent(EMPTY_LIVE_LIST, event('many', null), page, 1000).state).toMatchObject({
      changed: true,
      changedAt: 1000,
    });
    expect(applyLiveEvent(EMPTY_LIVE_LIST, { type: 'reset' }, page).state.changed).toBe(true);
  });
});

describe('settleLiveList', () => {
  it('drops marks a fresh read made pointless, and keeps the rest', () => {
    let state = applyLiveEvent(EMPTY_LIVE_LIST, event('insert', '7'), page).state;
    state = applyLiveEvent(state, event('insert', '8'), page).state;
    state = applyLiveEvent(state, event('delete', '1'), page).state;
    state = applyLiveEvent(state, event('many', null), page, 1000).state;
    // Read again, started before the wholesale change arrived: that change may not be in it.
    const before = settleLiveList(state, new Set(['7', '2', '3']), 900);
    expect([...before.inserted]).toEqual(['8']);
    expect([...before.deleted]).toEqual([]);
    expect(before.changed).toBe(true);
    // Started after it: it is.
    expect(settleLiveList(before, new Set(['7', '2', '3']), 1001)).toMatchObject({ changed: false });
  });

  it('answers the same state when nothing changes', () => {
    const state = applyLiveEvent(EMPTY_LIVE_LIST, event('delete', '1'), page).state;
    expect(settleLiveList(state, page, 0)).toBe(state);
  });
});

describe('mergeInPlace', () => {
  it('replaces the re-read rows where they are, and keeps the others and the order', () => {
    const current = [
      { id: 1, name: 'a' },
      { id: 2, name: 'b' },
      { id: 3, name: 'c' },
    ];
    // The fresh page has another order (the change moved row 2 in the sort) and lacks row 3.
    const fresh = new Map([
      ['2', { id: 2, name: 'B' }],
      ['1', { id: 1, name: 'A' }],
    ]);
    expect(mergeInPlace(current, fresh, new Set(['2', '3']))).toEqual([
      { id: 1, name: 'a' },
      { id: 2, name: 'B' },
      { id: 3, name: 'c' },
    ]);
  });
});

describe('rowFromRecord / liveIdOf', () => {
  it('takes only the columns the row has', () => {
    expect(
      rowFromRecord({ id: 1, name: 'a', country_name: 'Ukraine' }, { id: 1, name: 'b', secret: 'x' }),
    ).toEqual({ id: 1, name: 'b', country_name: 'Ukraine' });
  });

  it('names a row by id, else key', () => {
    expect(liveIdOf({ id: 5 })).toBe('5');
    expect(liveIdOf({ key: 'site.name' })).toBe('site.name');
    expect(liveIdOf({})).toBeUndefined();
  });
});
