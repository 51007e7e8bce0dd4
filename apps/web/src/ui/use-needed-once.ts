import { useState } from 'react';

/**
 * True from the first time `needed` is true on: a lazily loaded menu or dialog is mounted when first
 * opened (its code is fetched then, not with the page) and stays mounted so it can close with its
 * transition.
 */
export function useNeededOnce(needed: boolean): boolean {
  const [was, setWas] = useState(needed);
  if (needed && !was) setWas(true);
  return was || needed;
}
