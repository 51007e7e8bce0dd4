import type { LiveChange } from '@pult/contract';
import { describe, expect, it } from 'vitest';
import type { LiveEvent } from '../live/live-hub';
import {
  applyLiveEvent,
  EMPTY_LIVE_LIST,
  isFiltered,
  liveIdOf,
  liveListNotice,
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

const ids = new Set(['1', '2', '3']);
const page = { pageIds: ids, filtered: false };
const filteredPage = { pageIds: ids, filtered: true };

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
    const reread = { pageIds: new Set(['7', '2', '3']), filtered: false };
    const before = settleLiveList(state, reread, 900);
    expect([...before.inserted]).toEqual(['8']);
    expect([...before.deleted]).toEqual([]);
    expect(before.changed).toBe(true);
    // Started after it: it is. Record 8 is still new: unfiltered, it is on page 1 of the sort.
    const after = settleLiveList(before, reread, 1001);
    expect(after).toMatchObject({ changed: false });
    expect([...after.inserted]).toEqual(['8']);
  });

  it('on a filtered list, forgets new records a read started after: it shows those that match', () => {
    let state = applyLiveEvent(EMPTY_LIVE_LIST, event('insert', '7'), filteredPage, 1000).state;
    state = applyLiveEvent(state, event('insert', '8'), filteredPage, 1100).state;
    // Read before the second arrived: record 7 matched (it is on the page), record 8 may still.
    const before = settleLiveList(state, { pageIds: new Set(['7', '1']), filtered: true }, 1050);
    expect([...before.inserted]).toEqual(['8']);
    expect(liveListNotice(before, true)).toEqual({ kind: 'changed' });
    // Read after both: record 8 is not on the page, so it does not match the filter.
    const after = settleLiveList(before, { pageIds: new Set(['7', '1']), filtered: true }, 1200);
    expect([...after.inserted]).toEqual([]);
    expect(liveListNotice(after, true)).toBeNull();
  });

  it('answers the same state when nothing changes', () => {
    const state = applyLiveEvent(EMPTY_LIVE_LIST, event('delete', '1'), page).state;
    expect(settleLiveList(state, page, 0)).toBe(state);
  });
});

describe('liveListNotice', () => {
  it('counts new records on an unfiltered list', () => {
    let state = applyLiveEvent(EMPTY_LIVE_LIST, event('insert', '7'), page).state;
    state = applyLiveEvent(state, event('insert', '8'), page).state;
    expect(liveListNotice(state, false)).toEqual({ kind: 'new', count: 2 });
    expect(liveListNotice(EMPTY_LIVE_LIST, false)).toBeNull();
  });

  it('on a filtered list, says only that the list has changed: a new record may not match the filter', () => {
    const state = applyLiveEvent(EMPTY_LIVE_LIST, event('insert', '7'), filteredPage).state;
    expect(liveListNotice(state, true)).toEqual({ kind: 'changed' });
    // A record already on the page is no news either way.
    const shown = applyLiveEvent(EMPTY_LIVE_LIST, event('insert', '3'), filteredPage).state;
    expect(liveListNotice(shown, true)).toBeNull();
  });

  it('prefers "changed" to a count once the page cannot follow the list', () => {
    let state = applyLiveEvent(EMPTY_LIVE_LIST, event('insert', '7'), page).state;
    state = applyLiveEvent(state, event('many', null), page).state;
    expect(liveListNotice(state, false)).toEqual({ kind: 'changed' });
  });

  it('takes any non-empty filter or search as a filter', () => {
    expect(isFiltered({})).toBe(false);
    expect(isFiltered({ email: '' })).toBe(false);
    expect(isFiltered({ email: 'olha' })).toBe(true);
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
