import { FILTER_DEBOUNCE_MS, type FieldDescriptor, type MessageKey } from '@pult/contract';
import { useState } from 'react';
import { filterValueError, normalizeFilterValue } from './filter-value';
import { useDebouncedCallback } from './use-debounced-callback';

export interface FilterDraft {
  /** What the input shows. */
  draft: string;
  /** Why the draft cannot be applied, once typing has paused. */
  error: MessageKey | null;
  /** The user typed: applied after FILTER_DEBOUNCE_MS if valid. */
  change: (next: string) => void;
  /** Applies the draft now (Enter). */
  flush: () => void;
  /** Applies a complete value at once (the date range picker). */
  apply: (next: string) => void;
}

/**
 * The typed text of a text, number or date filter. Only valid values leave it, debounced, so a
 * half-typed number or date never reaches the URL or the server.
 */
export function useFilterDraft(
  field: FieldDescriptor,
  value: string,
  onChange: (value: string) => void,
): FilterDraft {
  const [draft, setDraft] = useState(value);
  const [error, setError] = useState<MessageKey | null>(null);
  const [applied, setApplied] = useState(value);

  // The URL changed from outside (Back, "clear filters", a link): show its value instead of the draft,
  // unless it is just the draft coming back normalised (trailing spaces the user is still typing past).
  if (value !== applied) {
    setApplied(value);
    if (value !== normalizeFilterValue(draft)) {
      setDraft(value);
      setError(null);
    }
  }

  // Runs with the latest render's draft and value: a draft replaced from outside is not re-applied.
  const commit = useDebouncedCallback(() => {
    const key = filterValueError(field, draft);
    setError(key);
    const next = normalizeFilterValue(draft);
    if (key === null && next !== value) onChange(next);
  }, FILTER_DEBOUNCE_MS);

  return {
    draft,
    error,
    change: (next) => {
      setDraft(next);
      // A fixed value clears the message at once; a wrong one is reported only when typing pauses.
      if (filterValueError(field, next) === null) setError(null);
      commit.run();
    },
    flush: commit.flush,
    apply: (next) => {
      commit.cancel();
      setDraft(next);
      setError(null);
      if (next !== value) onChange(next);
    },
  };
}
