import { renderHook } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { useNeededOnce } from './use-needed-once';

describe('useNeededOnce', () => {
  it('is false until first needed, then stays true', () => {
    const { result, rerender } = renderHook(({ needed }) => useNeededOnce(needed), {
      initialProps: { needed: false },
    });
    expect(result.current).toBe(false);
    rerender({ needed: false });
    expect(result.current).toBe(false);
    rerender({ needed: true });
    expect(result.current).toBe(true);
    // Closed again: still mounted, so the menu or dialog can play its closing transition.
    rerender({ needed: false });
    expect(result.current).toBe(true);
  });
});
