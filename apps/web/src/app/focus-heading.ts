/** How long a page may take to show its heading (a lazy chunk, a record) before focus stays put. */
const HEADING_WAIT_MS = 5000;

/**
 * Moves the focus to the page's heading, so after a navigation a screen reader starts at the new page
 * and Tab continues from there. A page that focused one of its own fields (sign-in's e-mail) keeps it.
 * Returns false while the heading is not there yet.
 */
export function focusPageHeading(doc: Document): boolean {
  const main = doc.querySelector('main');
  const heading = main?.querySelector('h1');
  if (!main || !heading) return false;
  const active = doc.activeElement;
  if (active && active !== doc.body && active !== main && main.contains(active)) return true;
  if (!heading.hasAttribute('tabindex')) heading.tabIndex = -1;
  heading.focus();
  return true;
}

/**
 * Focuses the heading as soon as it appears; the returned function gives up waiting. Someone who moved
 * the focus while the page was loading (opened the profile menu, say) keeps it: the wait ends there.
 */
export function focusPageHeadingWhenShown(doc: Document): () => void {
  if (focusPageHeading(doc)) return () => undefined;
  const focusedAtStart = doc.activeElement;
  const observer = new MutationObserver(() => {
    if (movedByUser(doc, focusedAtStart) || focusPageHeading(doc)) stop();
  });
  const timer = setTimeout(() => stop(), HEADING_WAIT_MS);
  function stop() {
    observer.disconnect();
    clearTimeout(timer);
  }
  observer.observe(doc.body, { childList: true, subtree: true });
  return stop;
}

/** The focus is on something other than where the navigation left it (or the page once that went). */
function movedByUser(doc: Document, focusedAtStart: Element | null): boolean {
  const active = doc.activeElement;
  return active !== null && active !== focusedAtStart && active !== doc.body;
}
