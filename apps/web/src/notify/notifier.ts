/**
 * App-wide notices (success, error, info) as a plain store, so the http layer and the screens can raise
 * them without React. A view reads it with `useSyncExternalStore(notifier.subscribe, notifier.getSnapshot)`
 * and removes each notice after NOTICE_TIMEOUT_MS (5000 ms, `@pult/contract`): the timer lives in the
 * view because only the view knows when a notice is actually on screen (hover, a tab in the background).
 */
export type NoticeKind = 'success' | 'error' | 'info';

export interface Notice {
  id: number;
  kind: NoticeKind;
  text: string;
}

export interface Notifier {
  /** Adds a notice and returns its id. */
  notify(kind: NoticeKind, text: string): number;
  dismiss(id: number): void;
  subscribe(listener: () => void): () => void;
  /** The same array until the next change, as useSyncExternalStore requires. */
  getSnapshot(): readonly Notice[];
}

export function createNotifier(): Notifier {
  let notices: readonly Notice[] = [];
  let nextId = 1;
  const listeners = new Set<() => void>();

  function update(next: readonly Notice[]): void {
    notices = next;
    for (const listener of [...listeners]) listener();
  }

  return {
    notify(kind, text) {
      const id = nextId++;
      // Notices show one at a time: a success (a save that now went through) must not wait behind
      // the errors of the attempts before it, which it makes out of date.
      const kept = kind === 'success' ? notices.filter((notice) => notice.kind !== 'error') : notices;
      update([...kept, { id, kind, text }]);
      return id;
    },
    dismiss(id) {
      // Dismissing twice (timer and close button) must not wake the listeners for nothing.
      if (!notices.some((notice) => notice.id === id)) return;
      update(notices.filter((notice) => notice.id !== id));
    },
    // Arrow functions: React calls these detached from the object.
    subscribe: (listener) => {
      listeners.add(listener);
      return () => {
        listeners.delete(listener);
      };
    },
    getSnapshot: () => notices,
  };
}

/** The panel's shared instance; tests and stories create their own with createNotifier. */
export const notifier: Notifier = createNotifier();
