import { useCallback, useState } from 'react';

export interface ConfirmedClose {
  /** Escape, the backdrop: closes a pristine form at once, and asks first when it has changes. */
  requestClose: () => void;
  /** The question "Leave without saving?" is on screen. */
  asking: boolean;
  /** Keeps the form open with its changes. */
  stay: () => void;
  /** Gives the changes up and closes. */
  leave: () => void;
}

/**
 * Closing a form that lives in a dialog is not a navigation, so the router's unsaved-changes guard
 * never sees it: this asks the same question before Escape or the backdrop throws the edits away.
 */
export function useConfirmedClose(dirty: boolean, close: () => void): ConfirmedClose {
  const [asking, setAsking] = useState(false);
  const requestClose = useCallback(() => {
    if (dirty) setAsking(true);
    else close();
  }, [dirty, close]);
  const stay = useCallback(() => setAsking(false), []);
  const leave = useCallback(() => {
    setAsking(false);
    close();
  }, [close]);
  return { requestClose, asking, stay, leave };
}
