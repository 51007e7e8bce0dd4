import { describe, expect, it } from 'vitest';
import { personName } from './person-name';

describe('personName', () => {
  it('gives the name with the e-mail', () => {
    expect(personName({ first_name: 'Ann', last_name: 'Lee', email: 'ann@example.com' })).toBe(
      'Ann Lee (ann@example.com)',
    );
  });

  it('does without a missing part of the name', () => {
    expect(personName({ first_name: 'Ann', last_name: '', email: 'ann@example.com' })).toBe(
      'Ann (ann@example.com)',
    );
    expect(personName({ first_name: '', last_name: 'Lee', email: 'lee@example.com' })).toBe(
      'Lee (lee@example.com)',
    );
  });

  it('is the e-mail alone for a nameless record', () => {
    expect(personName({ first_name: '', last_name: ' ', email: 'ann@example.com' })).toBe('ann@example.com');
  });
});
