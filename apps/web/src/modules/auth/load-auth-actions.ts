import { loadPanel } from '../../app/load-panel';

/** The public screens' calls and checks (`auth-actions.ts`), a chunk of their own. */
export const loadAuthActions = () => import('./auth-actions');

export type AuthActions = Awaited<ReturnType<typeof loadAuthActions>>;

/**
 * Called on keystrokes: fetches what submitting needs and, on the sign-in screen, the panel the admin
 * is about to open, while they are still typing (issue 24: the sign-in screen's download holds
 * neither, yet the dashboard after it is not slower). A module already fetched is not fetched again.
 */
export function warmUp(options: { panel: boolean }): void {
  void loadAuthActions();
  if (options.panel) void loadPanel();
}
