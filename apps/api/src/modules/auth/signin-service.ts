import type { SigninRequest, TokenPair } from '@pult/contract';
import { STATUS } from '@pult/contract';
import { errors } from '../../http/app-error.js';
import { burnPasswordCheck, verifyPassword } from '../../lib/passwords.js';
import type { RateLimit, RateLimiter, RatePolicy } from './rate-limiter.js';
import type { ClientMeta, SubjectKind, TokenService } from './token-service.js';

/** What sign-in needs of an account, whichever table it lives in. */
export interface SigninAccount {
  id: number;
  password_hash: string;
  status: number;
}

export type AccountFinder = (email: string) => Promise<SigninAccount | undefined>;

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
}) {
  const { accounts, tokens, limiter } = deps;

  /**
   * The throttle is checked before the password, so a throttled account answers the same whether
   * the guess was right or wrong; an unknown e-mail costs as much time as a known one.
   */
  async function signIn(kind: SubjectKind, body: SigninRequest, meta: ClientMeta): Promise<TokenPair> {
    // Admins keep the bare e-mail as their key; a user with the same e-mail is throttled apart.
    const email = body.email.toLowerCase();
    const accountKey = kind === 'admin' ? email : `${kind}:${email}`;
    const ip = meta.ip ?? 'unknown';
    const limits: RateLimit[] = [
      [SIGNIN_ACCOUNT_POLICY, accountKey],
      // Per kind too: failed platform-user sign-ins behind one address must not lock its admins out.
      [SIGNIN_ADDRESS_POLICY, kind === 'admin' ? ip : `${kind}:${ip}`],
    ];
    const decision = await limiter.checkAll(limits);
    if (!decision.allowed) {
      const retryAfter = decision.retryAfterSeconds;
      throw errors.tooManyRequests('tooManySignins', retryAfter, { minutes: Math.ceil(retryAfter / 60) });
    }

    const account = await accounts[kind](body.email);
    const valid = account
      ? await verifyPassword(account.password_hash, body.password)
      : await burnPasswordCheck(body.password);
    if (!account || !valid || account.status !== STATUS.active) {
      await limiter.hitAll(limits);
      throw errors.unprocessable('invalidCredentials');
    }
    await limiter.reset(SIGNIN_ACCOUNT_POLICY, accountKey);
    return tokens.startSession(kind, account.id, meta);
  }

  return { signIn };
}
