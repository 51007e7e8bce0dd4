import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createSlotPool } from './slot-pool.js';

/** A task that runs until the test lets it finish. */
function gate() {
  let open!: () => void;
  const done = new Promise<void>((resolve) => {
    open = resolve;
  });
  return { task: () => done, open };
}

describe('slot pool', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('runs at most its size at once and hands freed slots to waiters in arrival order', async () => {
    const pool = createSlotPool(2, 1_000);
    const gates = [gate(), gate(), gate(), gate()];
    const order: number[] = [];
    const runs = gates.map((g, i) =>
      pool.run(async () => {
        order.push(i);
        await g.task();
      }),
    );
    await vi.advanceTimersByTimeAsync(0);
    expect(pool.stats()).toEqual({ running: 2, waiting: 2 });
    gates[1]!.open();
    await vi.advanceTimersByTimeAsync(0);
    expect(order).toEqual([0, 1, 2]);
    expect(pool.stats()).toEqual({ running: 2, waiting: 1 });
    for (const g of gates) g.open();
    await Promise.all(runs);
    expect(order).toEqual([0, 1, 2, 3]);
    expect(pool.stats()).toEqual({ running: 0, waiting: 0 });
  });

  it('gives up on a wait longer than its bound with a BusyError carrying Retry-After, and frees nothing', async () => {
    const pool = createSlotPool(1, 2_500);
    const first = gate();
    const running = pool.run(first.task);
    const waiter = pool.run(async () => 'never');
    const outcome = expect(waiter).rejects.toMatchObject({ name: 'BusyError', retryAfterSeconds: 3 });
    await vi.advanceTimersByTimeAsync(2_499);
    expect(pool.stats()).toEqual({ running: 1, waiting: 1 });
    await vi.advanceTimersByTimeAsync(1);
    await outcome;
    expect(pool.stats()).toEqual({ running: 1, waiting: 0 });
    first.open();
    await running;
    expect(await pool.run(async () => 'next')).toBe('next');
  });

  it('frees the slot when a task fails', async () => {
    const pool = createSlotPool(1, 10);
    await expect(pool.run(() => Promise.reject(new Error('boom')))).rejects.toThrow('boom');
    expect(await pool.run(async () => 42)).toBe(42);
  });
});
