/** The parts of a location that name a different screen; the hash only scrolls within one. */
export interface PlaceOnScreen {
  pathname: string;
  search: string;
}

export interface LeavingCheck {
  /** The form differs from what was loaded or last saved. */
  dirty: boolean;
  /** The form itself is leaving: after a save, its own Cancel, a delete. */
  leavingOnPurpose: boolean;
  /** A session that has ended takes the user to sign-in whatever the form holds. */
  signedIn: boolean;
  from: PlaceOnScreen;
  to: PlaceOnScreen;
}

/** Whether a navigation must first ask the user to give up the form's unsaved changes. */
export function shouldBlockLeaving({ dirty, leavingOnPurpose, signedIn, from, to }: LeavingCheck): boolean {
  if (!dirty || leavingOnPurpose || !signedIn) return false;
  return from.pathname !== to.pathname || from.search !== to.search;
}
