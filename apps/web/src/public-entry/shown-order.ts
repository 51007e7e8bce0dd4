/**
 * The server's list arrives while the menu is open: its items keep the places they were shown in, so
 * none moves under the pointer between a press and its release (a click that then lands on another
 * item, or on none). Languages the built-in list lacks follow, in the server's order.
 */
export function inShownOrder<T extends { locale: string }>(
  offered: readonly T[],
  shown: readonly { locale: string }[],
): T[] {
  const place = (option: T) => {
    const at = shown.findIndex((item) => item.locale === option.locale);
    return at === -1 ? shown.length : at;
  };
  return [...offered].sort((a, b) => place(a) - place(b));
}
