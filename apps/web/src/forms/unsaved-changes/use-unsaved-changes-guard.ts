import { useCallback, useEffect, useRef } from 'react';
import { type Blocker, type BlockerFunction, useBlocker } from 'react-router';
import { useServices } from '../../app/services-context';
import { shouldBlockLeaving } from './should-block-leaving';

export interface UnsavedChangesGuard {
  /** Blocked while the user is asked whether to leave; `proceed` leaves, `reset` stays. */
  blocker: Blocker;
  /**
   * Runs the form's own way out (after a save, its Cancel, a delete) without asking: navigations
   * started while `run` runs, or until the promise it returns settles, pass.
   */
  leaveOnPurpose: <T>(run: () => T) => T;
}

/**
 * Asks before a navigation (a link, the back button) leaves a form with unsaved changes, and asks the
 * browser to confirm closing or reloading the tab. Only one form per screen should use it: the router
 * keeps a single blocker.
 */
export function useUnsavedChangesGuard(dirty: boolean): UnsavedChangesGuard {
  const { session } = useServices();
  // Read when a navigation starts, which may happen in the same tick as a save resets the form.
  const dirtyRef = useRef(dirty);
  dirtyRef.current = dirty;
  const onPurpose = useRef(0);

  const shouldBlock = useCallback<BlockerFunction>(
    ({ currentLocation, nextLocation }) =>
      shouldBlockLeaving({
        dirty: dirtyRef.current,
        leavingOnPurpose: onPurpose.current > 0,
        signedIn: session.isSignedIn(),
        from: currentLocation,
        to: nextLocation,
      }),
    [session],
  );
  const blocker = useBlocker(shouldBlock);

  useEffect(() => {
    if (!dirty) return;
    const warn = (event: BeforeUnloadEvent) => {
      if (onPurpose.current > 0) return;
      event.preventDefault();
      // Older browsers show the dialog only when a return value is set.
      event.returnValue = '';
    };
    window.addEventListener('beforeunload', warn);
    return () => window.removeEventListener('beforeunload', warn);
  }, [dirty]);

  const leaveOnPurpose = useCallback(<T>(run: () => T): T => {
    onPurpose.current += 1;
    const done = () => {
      onPurpose.current -= 1;
    };
    let result: T;
    try {
      result = run();
    } catch (error) {
      done();
      throw error;
    }
    if (result instanceof Promise) void result.finally(done).catch(() => undefined);
    else done();
    return result;
  }, []);

  return { blocker, leaveOnPurpose };
}
