import { useLocation } from 'react-router';

/**
 * A list hands its own address (filters, sort, page) to the screens it opens, so "back", "cancel"
 * and "save" return the administrator to the same view instead of an unfiltered first page.
 */
interface ListReturnState {
  returnTo: string;
}

/** Router `state` for a link that leaves the list for one of its records. */
export function useListReturnState(): ListReturnState {
  const { pathname, search } = useLocation();
  return { returnTo: `${pathname}${search}` };
}

/** Where to go back to: the list view the screen was opened from, else the list itself. */
export function useListReturnPath(listPath: string): string {
  const { state } = useLocation();
  const returnTo = (state as Partial<ListReturnState> | null)?.returnTo;
  return typeof returnTo === 'string' && (returnTo === listPath || returnTo.startsWith(`${listPath}?`))
    ? returnTo
    : listPath;
}
