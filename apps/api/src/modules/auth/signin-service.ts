import type { MfaChallenge, SigninRequest, TokenPair } from '@pult/contract';
import { STATUS } from '@pult/contract';
import { errors } from '../../http/app-error.js';
import type { PasswordHasher } from '../../lib/password-hasher.js';
import { metrics } from '../../metrics/metrics.js';
import type { RateLimit, RateLimiter, RatePolicy } from './rate-limiter.js';
import type { ClientMeta, SubjectKind, TokenService } from './token-service.js';

/** What sign-in needs of an account, whichever table it lives in. */
export interface SigninAccount {
  id: number;
  password_hash: string;
  status: number;
}

export type AccountFinder = (email: string) => Promise<SigninAccount | undefined>;

/** A right password ends in tokens, or, for an administrator with a second factor, in its challenge. */
export type SigninOutcome =
  | { pair: TokenPair; accountId: number }
  | { challenge: MfaChallenge; accountId: number };

/** Failed sign-ins tolerated per account and per client address before both are throttled. */
export const SIGNIN_ACCOUNT_POLICY: RatePolicy = {
  bucket: 'signin-account',
  limit: 5,
  windowSeconds: 15 * 60,
};
export const SIGNIN_ADDRESS_POLICY: RatePolicy = {
  bucket: 'signin-address',
  limit: 20,
  windowSeconds: 15 * 60,
};

export function createSigninService(deps: {
  /** Administrators sign in to the panel, platform users to the platform; only status 1 may. */
  accounts: Record<SubjectKind, AccountFinder>;
  tokens: TokenService;
  limiter: RateLimiter;
  passwords: PasswordHasher;
  /** The second step an administrator's sign-in asks for, if any (mfa/mfa-service.ts). */
  adminChallenge?: (adminId: number) => Promise<MfaChallenge | null>;
}) {
  const { accounts, tokens, limiter, passwords } = deps;

  /**
   * The throttle is passed before the password is looked at: the attempt takes its place in both
   * limits first (one atomic step in the database), so however many guesses arrive at once, no more
   * than the limits reach the hash, and a throttled account answers the same whether the guess was
   * right or wrong. An unknown e-mail costs as much time as a known one. The place is given back when
   * the password was right, or when no check happened (no hashing slot in time: 503).
   */
  async function signIn(kind: SubjectKind, body: SigninRequest, meta: ClientMeta): Promise<SigninOutcome> {
    // Admins keep the bare e-mail as their key; a user with the same e-mail is throttled apart.
    const email = body.email.toLowerCase();
    const accountKey = kind === 'admin' ? email : `${kind}:${email}`;
    const ip = meta.ip ?? 'unknown';
    const limits: RateLimit[] = [
      [SIGNIN_ACCOUNT_POLICY, accountKey],
      // Per kind too: failed platform-user sign-ins behind one address must not lock its admins out.
      [SIGNIN_ADDRESS_POLICY, kind === 'admin' ? ip : `${kind}:${ip}`],
    ];
    const reservation = await limiter.reserve(limits);
    if (!reservation.allowed) {
      const retryAfter = reservation.retryAfterSeconds;
      metrics.signIn(kind, 'throttled');
      throw errors.tooManyRequests('tooManySignins', retryAfter, { minutes: Math.ceil(retryAfter / 60) });
    }

    let account: SigninAccount | undefined;
    let valid = false;
    try {
      account = await accounts[kind](body.email);
      if (account) valid = await passwords.verify(account.password_hash, body.password);
      else await passwords.burn(body.password);
    } catch (error) {
      await limiter.release(reservation.eventIds);
      throw error;
    }
    if (!account || !valid || account.status !== STATUS.active) {
      metrics.signIn(kind, 'bad_password');
      throw errors.unprocessable('invalidCredentials');
    }
    await limiter.release(reservation.eventIds);
    await limiter.reset(SIGNIN_ACCOUNT_POLICY, accountKey);
    // No tokens before the second factor: the challenge is all a right password earns then.
    const challenge = kind === 'admin' ? await deps.adminChallenge?.(account.id) : null;
    if (challenge) {
      metrics.signIn(kind, 'mfa_challenge');
      return { challenge, accountId: account.id };
    }
    const pair = await tokens.startSession(kind, account.id, meta);
    metrics.signIn(kind, 'success');
    return { pair, accountId: account.id };
  }

  return { signIn };
}
