import { useCallback, useEffect, useRef, useState } from 'react';

const COPIED_FOR_MS = 2000;

/**
 * Copies a text with the Clipboard API, which exists only in secure contexts (HTTPS, localhost):
 * `canCopy` is false elsewhere, and the text stays selectable by hand. `copied` names the last copied
 * item for a moment, so the button can say so.
 */
export function useCopyText() {
  const canCopy = typeof navigator !== 'undefined' && typeof navigator.clipboard?.writeText === 'function';
  const [copied, setCopied] = useState<string | null>(null);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);

  const copy = useCallback(async (id: string, text: string): Promise<boolean> => {
    try {
      await navigator.clipboard.writeText(text);
    } catch {
      return false;
    }
    setCopied(id);
    clearTimeout(timer.current);
    timer.current = setTimeout(() => setCopied(null), COPIED_FOR_MS);
    return true;
  }, []);

  return { canCopy, copied, copy };
}
