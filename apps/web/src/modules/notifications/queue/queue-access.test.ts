import { describe, expect, it } from 'vitest';
import { queueActionOf, queueHasRowActions } from './queue-access';

const all = { read: true, retry: true, cancel: true };
const none = { read: false, retry: false, cancel: false };

describe('queueActionOf', () => {
  it('offers retry for failed and cancelled e-mails, cancel for pending ones', () => {
    expect(queueActionOf('failed', all)).toBe('retry');
    expect(queueActionOf('cancelled', all)).toBe('retry');
    expect(queueActionOf('pending', all)).toBe('cancel');
    expect(queueActionOf('processing', all)).toBeNull();
    expect(queueActionOf('sent', all)).toBeNull();
  });

  it('offers neither when the grants do not allow it', () => {
    expect(queueActionOf('failed', { ...all, retry: false })).toBeNull();
    expect(queueActionOf('pending', { ...all, cancel: false })).toBeNull();
    // One grant does not stand in for the other.
    expect(queueActionOf('pending', { ...none, retry: true })).toBeNull();
    expect(queueActionOf('failed', { ...none, cancel: true })).toBeNull();
  });
});

describe('queueHasRowActions', () => {
  it('keeps the actions column while any of view, retry or cancel is allowed', () => {
    expect(queueHasRowActions(all)).toBe(true);
    expect(queueHasRowActions({ ...none, read: true })).toBe(true);
    expect(queueHasRowActions({ ...none, cancel: true })).toBe(true);
    expect(queueHasRowActions(none)).toBe(false);
  });
});
