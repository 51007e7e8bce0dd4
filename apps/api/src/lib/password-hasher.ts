import { burnPasswordCheck, hashPassword, verifyPassword } from './passwords.js';
import { createSlotPool } from './slot-pool.js';

/**
 * argon2id through a small pool: each hash takes ~19 MiB and tens of milliseconds of a core, so a
 * flood of sign-ins would otherwise take every core from the requests already signed in. Beyond the
 * pool's wait a caller gets a BusyError (503 with Retry-After).
 */
export interface PasswordHasher {
  hash(password: string): Promise<string>;
  verify(passwordHash: string, password: string): Promise<boolean>;
  /** Spends as long as `verify`, for an account that does not exist. */
  burn(password: string): Promise<void>;
}

export function createPasswordHasher(options: { concurrency: number; maxWaitMs: number }): PasswordHasher {
  const pool = createSlotPool(options.concurrency, options.maxWaitMs);
  return {
    hash: (password) => pool.run(() => hashPassword(password)),
    verify: (passwordHash, password) => pool.run(() => verifyPassword(passwordHash, password)),
    burn: (password) => pool.run(() => burnPasswordCheck(password)),
  };
}
