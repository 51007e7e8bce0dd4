import { describe, expect, it } from 'vitest';
import { DEMO_SEED } from './demo.js';
import { parseSeedArguments, UsageError, usersToAdd } from './seed-arguments.js';

describe('parseSeedArguments', () => {
  it('takes a number of users to add, or a total to reach', () => {
    expect(parseSeedArguments(['--users', '1,000'])).toEqual({
      goal: { add: 1_000 },
      batch: 10_000,
      seed: DEMO_SEED,
    });
    expect(parseSeedArguments(['--total', '10_000_000', '--batch', '5000', '--seed', '7'])).toEqual({
      goal: { total: 10_000_000 },
      batch: 5_000,
      seed: 7,
    });
    expect(parseSeedArguments(['-h'])).toBe('help');
  });

  it('refuses both goals, neither, and counts out of range', () => {
    expect(() => parseSeedArguments(['--users', '5', '--total', '5'])).toThrow(UsageError);
    expect(() => parseSeedArguments([])).toThrow(/--users <count> or --total <count>/);
    expect(() => parseSeedArguments(['--total', '0'])).toThrow(/--total must be a whole number/);
    expect(() => parseSeedArguments(['--users', 'many'])).toThrow(/--users must be a whole number/);
  });
});

describe('usersToAdd', () => {
  it('adds what --users says, and to --total only what is missing', () => {
    expect(usersToAdd({ add: 500 }, 9_000)).toBe(500);
    // A run stopped at 3,000 of 10,000 resumes with the other 7,000.
    expect(usersToAdd({ total: 10_000 }, 3_000)).toBe(7_000);
    expect(usersToAdd({ total: 10_000 }, 12_000)).toBe(0);
  });
});
