import { describe, expect, it, vi } from 'vitest';
import { backoffDelayMs, createConnectivityMonitor, isUnreachableStatus } from './connectivity';

/** A monitor on a hand-driven clock: `advance` fires the probes that fall due. */
function setup(answers: boolean[]) {
  let clock = 1_000_000;
  let timer: { at: number; task: () => void } | null = null;
  const probe = vi.fn(async () => answers.shift() ?? false);
  const onRecovered = vi.fn();
  const monitor = createConnectivityMonitor({
    probe,
    onRecovered,
    now: () => clock,
    schedule: (ms, task) => {
      const own = { at: clock + ms, task };
      timer = own;
      return () => {
        if (timer === own) timer = null;
      };
    },
  });
  async function advance(ms: number) {
    clock += ms;
    const due = timer;
    if (due && due.at <= clock) {
      timer = null;
      due.task();
    }
    // Let the probe's promise settle.
    await Promise.resolve();
    await Promise.resolve();
  }
  return { monitor, probe, onRecovered, advance, clock: () => clock };
}

describe('backoffDelayMs', () => {
  it('doubles from 2 s and stays at 30 s', () => {
    expect([0, 1, 2, 3, 4, 5, 10].map(backoffDelayMs)).toEqual([
      2000, 4000, 8000, 16000, 30000, 30000, 30000,
    ]);
  });
});

describe('isUnreachableStatus', () => {
  it("counts only a gateway's answers for a service that is down", () => {
    expect([502, 503, 504].every(isUnreachableStatus)).toBe(true);
    expect([200, 401, 404, 422, 500].some(isUnreachableStatus)).toBe(false);
  });
});

describe('connectivity monitor', () => {
  it('starts online and tells subscribers when a call gets no answer', () => {
    const { monitor, clock } = setup([]);
    const listener = vi.fn();
    monitor.subscribe(listener);
    expect(monitor.getSnapshot()).toEqual({ status: 'online' });
    monitor.reportUnreachable();
    expect(monitor.getSnapshot()).toEqual({ status: 'unreachable', retryAt: clock() + 2000 });
    expect(listener).toHaveBeenCalled();
  });

  it('probes with growing pauses until the service answers, then recovers', async () => {
    const { monitor, probe, onRecovered, advance, clock } = setup([false, false, true]);
    monitor.reportUnreachable();
    await advance(1999);
    expect(probe).not.toHaveBeenCalled();
    await advance(1);
    expect(probe).toHaveBeenCalledTimes(1);
    expect(monitor.getSnapshot()).toEqual({ status: 'unreachable', retryAt: clock() + 4000 });
    await advance(4000);
    expect(probe).toHaveBeenCalledTimes(2);
    expect(monitor.getSnapshot()).toEqual({ status: 'unreachable', retryAt: clock() + 8000 });
    await advance(8000);
    expect(probe).toHaveBeenCalledTimes(3);
    expect(monitor.getSnapshot()).toEqual({ status: 'online' });
    expect(onRecovered).toHaveBeenCalledTimes(1);
  });

  it('recovers as soon as any call gets an answer, and stops probing', async () => {
    const { monitor, probe, onRecovered, advance } = setup([]);
    monitor.reportUnreachable();
    monitor.reportAnswered();
    expect(monitor.getSnapshot()).toEqual({ status: 'online' });
    expect(onRecovered).toHaveBeenCalledTimes(1);
    await advance(60_000);
    expect(probe).not.toHaveBeenCalled();
  });

  it('does not restart the pauses when more calls fail meanwhile', async () => {
    const { monitor, probe, advance, clock } = setup([false]);
    monitor.reportUnreachable();
    await advance(2000);
    const retryAt = clock() + 4000;
    monitor.reportUnreachable();
    expect(monitor.getSnapshot()).toEqual({ status: 'unreachable', retryAt });
    expect(probe).toHaveBeenCalledTimes(1);
  });

  it('"Retry now" probes at once and, on failure, waits the next longer pause', async () => {
    const { monitor, probe, advance, clock } = setup([false, true]);
    monitor.reportUnreachable();
    monitor.retryNow();
    expect(monitor.getSnapshot()).toEqual({ status: 'unreachable', retryAt: null });
    await advance(0);
    expect(probe).toHaveBeenCalledTimes(1);
    expect(monitor.getSnapshot()).toEqual({ status: 'unreachable', retryAt: clock() + 4000 });
    monitor.retryNow();
    await advance(0);
    expect(monitor.getSnapshot()).toEqual({ status: 'online' });
  });

  it('ignores "Retry now" while online', () => {
    const { monitor, probe } = setup([]);
    monitor.retryNow();
    expect(probe).not.toHaveBeenCalled();
  });

  it('counts a probe that throws as no answer', async () => {
    const monitor = createConnectivityMonitor({
      probe: () => Promise.reject(new Error('offline')),
      schedule: () => () => undefined,
    });
    monitor.reportUnreachable();
    monitor.retryNow();
    // A number again once the failed probe has scheduled the next one.
    await vi.waitFor(() =>
      expect(monitor.getSnapshot()).toEqual({ status: 'unreachable', retryAt: expect.any(Number) }),
    );
  });
});
