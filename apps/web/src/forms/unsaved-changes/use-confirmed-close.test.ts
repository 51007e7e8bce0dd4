import { act, renderHook } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { useConfirmedClose } from './use-confirmed-close';

describe('useConfirmedClose', () => {
  it('closes a pristine form at once', () => {
    const close = vi.fn();
    const { result } = renderHook(() => useConfirmedClose(false, close));
    act(() => result.current.requestClose());
    expect(close).toHaveBeenCalledTimes(1);
    expect(result.current.asking).toBe(false);
  });

  it('asks before closing a form with changes; Stay keeps it open', () => {
    const close = vi.fn();
    const { result } = renderHook(() => useConfirmedClose(true, close));
    act(() => result.current.requestClose());
    expect(result.current.asking).toBe(true);
    expect(close).not.toHaveBeenCalled();
    act(() => result.current.stay());
    expect(result.current.asking).toBe(false);
    expect(close).not.toHaveBeenCalled();
  });

  it('closes once the user chooses to leave', () => {
    const close = vi.fn();
    const { result } = renderHook(() => useConfirmedClose(true, close));
    act(() => result.current.requestClose());
    act(() => result.current.leave());
    expect(close).toHaveBeenCalledTimes(1);
    expect(result.current.asking).toBe(false);
  });
});
