import type { Locale } from '@pult/contract';
import { prefetchPanel } from '../../app/load-panel';
import { SIGNED_IN_PATH } from '../../app/public-paths';

/** The public screens' calls and checks (`auth-actions.ts`), a chunk of their own. */
export const loadAuthActions = () => import('./auth-actions');

export type AuthActions = Awaited<ReturnType<typeof loadAuthActions>>;

/**
 * Called on keystrokes: fetches what submitting needs and, on the sign-in screen, the panel (in the
 * screen's language) and the dashboard the admin is about to open, while they are still typing
 * (issue 24: the sign-in screen's download holds neither, yet the dashboard after it is not slower).
 * A module already fetched is not fetched again.
 */
export function warmUp(options: { panelIn: Locale | null }): void {
  void loadAuthActions();
  if (options.panelIn) prefetchPanel(SIGNED_IN_PATH, options.panelIn);
}
