import { useFocusOnNavigate } from './use-focus-on-navigate';

/** Renders nothing: moves the focus to each new page's heading (see `useFocusOnNavigate`). */
export function RouteFocus() {
  useFocusOnNavigate();
  return null;
}
