import type { LiveEvent } from '../live/live-hub';
import type { ResourceRecord } from '../resources/resource-api';

/**
 * What a list page makes of other people's changes (docs/architecture.md, "Live changes"): nothing on
 * screen moves under the administrator's eyes. A changed row is read again in place, a deleted one is
 * marked until the next reload, new records and wholesale changes are announced with a button that
 * reloads when the administrator chooses.
 */
export interface LiveListState {
  /** Rows on the page that were deleted: shown struck through until the list is read again. */
  deleted: ReadonlySet<string>;
  /** Records added since the page was read (not on it), counted once each. */
  inserted: ReadonlySet<string>;
  /** When (this tab's clock) the latest of them arrived: a filtered list read after it has its answer. */
  insertedAt: number | null;
  /** A change the page cannot follow row by row (`many`, a `reset`): the whole list may differ. */
  changed: boolean;
  /** When (this tab's clock) the latest such change arrived: a page read after it already shows it. */
  changedAt: number | null;
}

export const EMPTY_LIVE_LIST: LiveListState = {
  deleted: new Set(),
  inserted: new Set(),
  insertedAt: null,
  changed: false,
  changedAt: null,
};

/** The id a change names a row by: `id`, else `key` (settings), as text. */
export function liveIdOf(item: ResourceRecord): string | undefined {
  const id = item.id ?? item.key;
  return typeof id === 'string' || typeof id === 'number' ? String(id) : undefined;
}

/** The list as shown: the rows on screen now, and whether a filter or a search narrows it. */
export interface LiveListView {
  pageIds: ReadonlySet<string>;
  filtered: boolean;
}

/** A filter or a search narrows the list: a new record may never belong in it. */
export function isFiltered(filters: Readonly<Record<string, string>>): boolean {
  return Object.values(filters).some((value) => value !== '');
}

/**
 * What the notice above the list says: "N new — show" only where every new record belongs in the list.
 * A filtered list cannot tell whether a new record matches without reading it (the filter is the
 * server's to apply), so there new records only say that the list has changed.
 */
export function liveListNotice(
  state: LiveListState,
  filtered: boolean,
): { kind: 'changed' } | { kind: 'new'; count: number } | null {
  if (state.changed || (filtered && state.inserted.size > 0)) return { kind: 'changed' };
  return state.inserted.size > 0 ? { kind: 'new', count: state.inserted.size } : null;
}

/**
 * The next state after `event`, and the id of a row on the page to read again (an update).
 */
export function applyLiveEvent(
  state: LiveListState,
  event: LiveEvent,
  { pageIds }: LiveListView,
  now: number = Date.now(),
): { state: LiveListState; reread: string | null } {
  const changed = { state: { ...state, changed: true, changedAt: now }, reread: null };
  if (event.type === 'reset') return changed;
  const { op, id } = event.change;
  if (op === 'many' || id === null) return changed;
  const onPage = pageIds.has(id);
  switch (op) {
    case 'update':
      // A row off the page may now belong on it (or not); that is for the next reload to say.
      return { state, reread: onPage && !state.deleted.has(id) ? id : null };
    case 'insert': {
      // On the page already: this list was read after the record was made (often one's own create).
      if (onPage || state.inserted.has(id)) return { state, reread: null };
      return {
        state: { ...state, inserted: new Set(state.inserted).add(id), insertedAt: now },
        reread: null,
      };
    }
    case 'delete': {
      let next = state;
      if (state.inserted.has(id)) {
        const inserted = new Set(state.inserted);
        inserted.delete(id);
        next = { ...next, inserted };
      }
      if (onPage && !state.deleted.has(id)) next = { ...next, deleted: new Set(state.deleted).add(id) };
      return { state: next, reread: null };
    }
  }
}

/**
 * The marks that still mean something once the page was read again (`readAt`: when that read
 * started, this tab's clock): a new record now on the page is not new any more (often one's own,
 * made in a dialog whose save reloads the list), a wholesale change that arrived before the read is in
 * it (one's own bulk action), and a deleted row no longer on the page needs no mark. On a filtered
 * list, new records that arrived before the read are in it if they match, so none is left to announce
 * (unfiltered, one not on this page is still on page 1 of the sort). The same state when nothing
 * changes.
 */
export function settleLiveList(
  state: LiveListState,
  { pageIds, filtered }: LiveListView,
  readAt: number,
): LiveListState {
  const insertsRead = filtered && state.insertedAt !== null && readAt > state.insertedAt;
  const inserted = insertsRead ? [] : [...state.inserted].filter((id) => !pageIds.has(id));
  const deleted = [...state.deleted].filter((id) => pageIds.has(id));
  const seen = state.changedAt !== null && readAt > state.changedAt;
  if (inserted.length === state.inserted.size && deleted.length === state.deleted.size && !seen) {
    return state;
  }
  return {
    inserted: inserted.length === state.inserted.size ? state.inserted : new Set(inserted),
    insertedAt: inserted.length === 0 ? null : state.insertedAt,
    deleted: deleted.length === state.deleted.size ? state.deleted : new Set(deleted),
    changed: seen ? false : state.changed,
    changedAt: seen ? null : state.changedAt,
  };
}

/**
 * The page as it is on screen, with the rows in `ids` replaced by their fresh values, in the same
 * order: a re-read row that moved elsewhere in the sort keeps its place until the next reload. `fresh`
 * maps ids to rows as the list answers them; a row missing there keeps its old values.
 */
export function mergeInPlace<Item extends ResourceRecord>(
  current: readonly Item[],
  fresh: ReadonlyMap<string, Item>,
  ids: ReadonlySet<string>,
): Item[] {
  return current.map((item) => {
    const id = liveIdOf(item);
    if (id === undefined || !ids.has(id)) return item;
    return fresh.get(id) ?? item;
  });
}

/**
 * A record as its own `GET` answers it, made into a list row: only the row's own columns are taken,
 * so a column the list computes (a joined name) keeps its value rather than vanishing.
 */
export function rowFromRecord<Item extends ResourceRecord>(row: Item, record: ResourceRecord): Item {
  const next: ResourceRecord = { ...row };
  for (const key of Object.keys(row)) {
    if (Object.hasOwn(record, key)) next[key] = record[key];
  }
  return next as Item;
}
