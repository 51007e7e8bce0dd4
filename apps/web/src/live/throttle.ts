/**
 * Runs `task` at most once per `ms`: the first call runs at once, calls within the window are merged
 * into one run at its end. Counters refreshed on every change would otherwise ask the server for
 * figures 50 times a second during a bulk import.
 */
export interface Throttle {
  (): void;
  cancel(): void;
}

export function createThrottle(task: () => void, ms: number, now: () => number = () => Date.now()): Throttle {
  let lastRun = Number.NEGATIVE_INFINITY;
  let timer: ReturnType<typeof setTimeout> | null = null;

  const run = () => {
    timer = null;
    lastRun = now();
    task();
  };

  const throttled = () => {
    if (timer !== null) return;
    const wait = lastRun + ms - now();
    if (wait <= 0) run();
    else timer = setTimeout(run, wait);
  };
  throttled.cancel = () => {
    if (timer !== null) clearTimeout(timer);
    timer = null;
  };
  return throttled;
}
