import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createThrottle } from './throttle';

describe('createThrottle', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('runs the first call at once and merges the rest of the window into one run at its end', () => {
    const task = vi.fn();
    const throttled = createThrottle(task, 5000);
    throttled();
    expect(task).toHaveBeenCalledTimes(1);
    vi.advanceTimersByTime(1000);
    throttled();
    throttled();
    throttled();
    expect(task).toHaveBeenCalledTimes(1);
    vi.advanceTimersByTime(3999);
    expect(task).toHaveBeenCalledTimes(1);
    vi.advanceTimersByTime(1);
    expect(task).toHaveBeenCalledTimes(2);
    // Quiet for a whole window: the next call runs at once again.
    vi.advanceTimersByTime(6000);
    throttled();
    expect(task).toHaveBeenCalledTimes(3);
  });

  it('never runs more than once per window under a steady stream of calls', () => {
    const runs: number[] = [];
    const throttled = createThrottle(() => runs.push(Date.now()), 5000);
    const start = Date.now();
    for (let second = 0; second < 20; second += 1) {
      throttled();
      vi.advanceTimersByTime(1000);
    }
    expect(runs.map((at) => at - start)).toEqual([0, 5000, 10000, 15000, 20000]);
  });

  it('drops a pending run when cancelled', () => {
    const task = vi.fn();
    const throttled = createThrottle(task, 5000);
    throttled();
    throttled();
    throttled.cancel();
    vi.advanceTimersByTime(10_000);
    expect(task).toHaveBeenCalledTimes(1);
  });
});
