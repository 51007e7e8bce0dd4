import { useCallback, useEffect, useMemo, useRef } from 'react';

export interface DebouncedCallback<Args extends unknown[]> {
  /** Calls the callback once `delay` ms have passed without another call. */
  run: (...args: Args) => void;
  /** Calls a pending call now (Enter in a filter). */
  flush: () => void;
  /** Forgets a pending call (the value was replaced from outside). */
  cancel: () => void;
}

/**
 * Delays a callback until input settles. A callback rather than a debounced value: a value replaced
 * from outside (Back in the browser) must cancel what the user typed before, not be overwritten by it
 * a moment later.
 */
export function useDebouncedCallback<Args extends unknown[]>(
  callback: (...args: Args) => void,
  delay: number,
): DebouncedCallback<Args> {
  const callbackRef = useRef(callback);
  useEffect(() => {
    callbackRef.current = callback;
  });
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const pending = useRef<Args | undefined>(undefined);

  const cancel = useCallback(() => {
    clearTimeout(timer.current);
    timer.current = undefined;
    pending.current = undefined;
  }, []);

  const flush = useCallback(() => {
    const args = pending.current;
    cancel();
    if (args) callbackRef.current(...args);
  }, [cancel]);

  const run = useCallback(
    (...args: Args) => {
      clearTimeout(timer.current);
      pending.current = args;
      timer.current = setTimeout(flush, delay);
    },
    [delay, flush],
  );

  // A pending call is dropped with the component: its target may be gone.
  useEffect(() => cancel, [cancel]);

  return useMemo(() => ({ run, flush, cancel }), [run, flush, cancel]);
}
