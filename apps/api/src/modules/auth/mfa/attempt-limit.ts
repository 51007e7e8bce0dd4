import { errors } from '../../../http/app-error.js';
import type { RateLimiter, RatePolicy } from '../rate-limiter.js';

/**
 * Wrong second-factor proofs (codes, recovery codes, the password at enrolment) per administrator,
 * across challenges and processes: a limit per challenge would be bypassed by signing in again.
 */
export const MFA_ACCOUNT_POLICY: RatePolicy = { bucket: 'mfa-account', limit: 5, windowSeconds: 15 * 60 };

/**
 * Every attempt first takes a place in the limit (count and record are one step under an advisory
 * lock, rate-limiter.ts), and only then is the proof checked. So of 50 parallel guesses exactly 5 are
 * checked (each a 422 when wrong) and 45 answer 429 without a look at the code; a right code gives
 * its place back and clears the count.
 */
export function createAttemptLimit(limiter: RateLimiter) {
  const keyOf = (adminId: number) => String(adminId);

  async function take(adminId: number): Promise<number[]> {
    const reservation = await limiter.reserve([[MFA_ACCOUNT_POLICY, keyOf(adminId)]]);
    if (!reservation.allowed) {
      const wait = reservation.retryAfterSeconds;
      throw errors.tooManyRequests('mfaTooManyAttempts', wait, { minutes: Math.ceil(wait / 60) });
    }
    return reservation.eventIds;
  }

  /** The proof was right: this attempt and the failures before it no longer count. */
  async function succeeded(adminId: number, eventIds: readonly number[]): Promise<void> {
    await limiter.release(eventIds);
    await limiter.reset(MFA_ACCOUNT_POLICY, keyOf(adminId));
  }

  /** The attempt was never judged (an error before the check): it does not count either way. */
  async function unjudged(eventIds: readonly number[]): Promise<void> {
    await limiter.release(eventIds);
  }

  return { take, succeeded, unjudged };
}

export type AttemptLimit = ReturnType<typeof createAttemptLimit>;
