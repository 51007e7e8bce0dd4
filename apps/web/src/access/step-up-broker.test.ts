import { describe, expect, it, vi } from 'vitest';
import { createStepUpBroker } from './step-up-broker';

describe('createStepUpBroker', () => {
  it('opens one dialog for requests refused together and answers them all', async () => {
    const broker = createStepUpBroker();
    const listener = vi.fn();
    broker.subscribe(listener);
    const first = broker.confirm();
    const second = broker.confirm();
    expect(broker.isOpen()).toBe(true);
    expect(listener).toHaveBeenCalledTimes(1);
    broker.settle(true);
    await expect(Promise.all([first, second])).resolves.toEqual([true, true]);
    expect(broker.isOpen()).toBe(false);
    expect(listener).toHaveBeenCalledTimes(2);
  });

  it('answers false when cancelled, and asks afresh the next time', async () => {
    const broker = createStepUpBroker();
    const cancelled = broker.confirm();
    broker.settle(false);
    await expect(cancelled).resolves.toBe(false);
    const next = broker.confirm();
    expect(broker.isOpen()).toBe(true);
    broker.settle(true);
    await expect(next).resolves.toBe(true);
  });

  it('ignores an answer when nothing is asked', () => {
    const broker = createStepUpBroker();
    const listener = vi.fn();
    broker.subscribe(listener);
    broker.settle(true);
    expect(listener).not.toHaveBeenCalled();
  });
});
