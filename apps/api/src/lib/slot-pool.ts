/** Thrown when no slot frees up within the pool's wait: the caller should come back later. */
export class BusyError extends Error {
  constructor(readonly retryAfterSeconds: number) {
    super('No free slot within the wait');
    this.name = 'BusyError';
  }
}

/**
 * At most `size` tasks run at once; the rest wait in arrival order, each at most `maxWaitMs`, then
 * give up with a BusyError. Bounding the wait keeps a flood from building a queue that every later
 * caller would sit behind.
 */
export function createSlotPool(size: number, maxWaitMs: number) {
  if (!Number.isInteger(size) || size < 1) throw new Error('A slot pool needs at least one slot');
  let free = size;
  const waiting: (() => void)[] = [];
  const retryAfterSeconds = Math.max(1, Math.ceil(maxWaitMs / 1000));

  function acquire(): Promise<void> {
    if (free > 0) {
      free -= 1;
      return Promise.resolve();
    }
    return new Promise((resolve, reject) => {
      const grant = () => {
        clearTimeout(timer);
        resolve();
      };
      const timer = setTimeout(() => {
        waiting.splice(waiting.indexOf(grant), 1);
        reject(new BusyError(retryAfterSeconds));
      }, maxWaitMs);
      waiting.push(grant);
    });
  }

  function release(): void {
    const next = waiting.shift();
    // The slot passes straight to the next waiter, so a newcomer cannot overtake the queue.
    if (next) next();
    else free += 1;
  }

  return {
    async run<T>(task: () => Promise<T>): Promise<T> {
      await acquire();
      try {
        return await task();
      } finally {
        release();
      }
    },
    /** Tasks running and tasks waiting, for tests and diagnostics. */
    stats: () => ({ running: size - free, waiting: waiting.length }),
  };
}

export type SlotPool = ReturnType<typeof createSlotPool>;
