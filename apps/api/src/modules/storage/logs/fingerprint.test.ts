import { describe, expect, it } from 'vitest';
import { errorFingerprint, normaliseMessage, topFrame } from './fingerprint.js';

describe('error fingerprints', () => {
  it('normalises ids, numbers and addresses in messages', () => {
    expect(normaliseMessage('Order 1234 for 9f1c2a7e-0b1d-4c1e-9a3b-2d4e5f607182 failed after 3.5 s')).toBe(
      'Order <n> for <uuid> failed after <n> s',
    );
    expect(normaliseMessage('Mail to ann@example.com bounced (id 5f3ac9e01b7d)')).toBe(
      'Mail to <email> bounced (id <hex>)',
    );
    expect(normaliseMessage('Pointer 0xDEADBEEF  freed')).toBe('Pointer <hex> freed');
  });

  it('takes the innermost frame without line numbers', () => {
    expect(topFrame('TypeError: x\n    at render (src/view.tsx:42:17)\n    at next (a.js:1:1)')).toBe(
      'at render (src/view.tsx)',
    );
    expect(
      topFrame('Traceback:\n  File "a.py", line 3, in main\n  File "b.py", line 9, in pay\nKeyError'),
    ).toBe('File "b.py", in pay');
    expect(topFrame('no frames here')).toBeNull();
    expect(topFrame(null)).toBeNull();
  });

  it('groups the same fault across values and deploys, not across services or frames', () => {
    const a = errorFingerprint('billing', 'Payment 17 declined', 'at pay (pay.ts:1:1)');
    expect(errorFingerprint('billing', 'Payment 98 declined', 'at pay (pay.ts:30:2)')).toBe(a);
    expect(errorFingerprint('web', 'Payment 17 declined', 'at pay (pay.ts:1:1)')).not.toBe(a);
    expect(errorFingerprint('billing', 'Payment 17 declined', 'at refund (pay.ts:1:1)')).not.toBe(a);
  });
});
