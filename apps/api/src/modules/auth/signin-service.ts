import type { SigninRequest, TokenPair } from '@pult/contract';
import { errors } from '../../http/app-error.js';
import { burnPasswordCheck, verifyPassword } from '../../lib/passwords.js';
import { ADMIN_STATUS_ACTIVE, type AdminRepository } from './admin-repository.js';
import type { RateLimit, RateLimiter, RatePolicy } from './rate-limiter.js';
import type { ClientMeta, TokenService } from './token-service.js';

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
  admins: AdminRepository;
  tokens: TokenService;
  limiter: RateLimiter;
}) {
  const { admins, tokens, limiter } = deps;

  /**
   * The throttle is checked before the password, so a throttled account answers the same whether
   * the guess was right or wrong; an unknown e-mail costs as much time as a known one.
   */
  async function signIn(body: SigninRequest, meta: ClientMeta): Promise<TokenPair> {
    const accountKey = body.email.toLowerCase();
    const limits: RateLimit[] = [
      [SIGNIN_ACCOUNT_POLICY, accountKey],
      [SIGNIN_ADDRESS_POLICY, meta.ip ?? 'unknown'],
    ];
    const decision = await limiter.checkAll(limits);
    if (!decision.allowed) {
      const retryAfter = decision.retryAfterSeconds;
      throw errors.tooManyRequests('tooManySignins', retryAfter, { minutes: Math.ceil(retryAfter / 60) });
    }

    const admin = await admins.findByEmail(body.email);
    const valid = admin
      ? await verifyPassword(admin.password_hash, body.password)
      : await burnPasswordCheck(body.password);
    if (!admin || !valid || admin.status !== ADMIN_STATUS_ACTIVE) {
      await limiter.hitAll(limits);
      throw errors.unprocessable('invalidCredentials');
    }
    await limiter.reset(SIGNIN_ACCOUNT_POLICY, accountKey);
    return tokens.startSession('admin', admin.id, meta);
  }

  return { signIn };
}
