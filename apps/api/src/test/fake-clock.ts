import type { Clock } from '../lib/clock.js';

/** A clock the test moves by hand. It starts at the real time, so database defaults stay close. */
export function createFakeClock(start = new Date()) {
  let now = start.getTime();
  const clock: Clock = () => new Date(now);
  return {
    clock,
    advance(seconds: number) {
      now += seconds * 1000;
    },
  };
}
