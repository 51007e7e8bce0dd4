import {
  type ChangePasswordRequest,
  type Locale,
  RATE_LIMIT_MESSAGE,
  RECOVERY_CODE_TTL_SECONDS,
  STATUS,
} from '@pult/contract';
import type { Db } from '../../db/database.js';
import { AppError, errors } from '../../http/app-error.js';
import { addSeconds, type Clock } from '../../lib/clock.js';
import type { PasswordHasher } from '../../lib/password-hasher.js';
import { randomToken, sha256 } from '../../lib/tokens.js';
import { type Mailer, PASSWORD_RECOVERY_TEMPLATE } from '../../mail/mailer.js';
import type { AdminRepository } from './admin-repository.js';
import type { RateLimit, RateLimiter, RatePolicy } from './rate-limiter.js';
import type { TokenService } from './token-service.js';

/**
 * A known e-mail costs a few writes more than an unknown one; every answer waits at least this long,
 * so response times do not tell which accounts exist.
 */
const RESPONSE_FLOOR_MS = 250;

/** Recovery requests are counted for unknown e-mails too, so the limit reveals nothing. */
export const RECOVERY_ACCOUNT_POLICY: RatePolicy = {
  bucket: 'recovery-account',
  limit: 3,
  windowSeconds: 15 * 60,
};
export const RECOVERY_ADDRESS_POLICY: RatePolicy = {
  bucket: 'recovery-address',
  limit: 10,
  windowSeconds: 15 * 60,
};

export function createRecoveryService(deps: {
  db: Db;
  admins: AdminRepository;
  tokens: TokenService;
  limiter: RateLimiter;
  passwords: PasswordHasher;
  mailer: Mailer;
  clock: Clock;
  panelUrl: string;
  companyName: string;
}) {
  const { db, admins, tokens, limiter, passwords, mailer, clock } = deps;

  /** Same answer for known and unknown e-mails; only a known, active admin gets a message. */
  async function request(email: string, ip: string | null, locale: Locale): Promise<void> {
    const started = performance.now();
    try {
      await requestUnpadded(email, ip, locale);
    } finally {
      await sleep(started + RESPONSE_FLOOR_MS - performance.now());
    }
  }

  async function requestUnpadded(email: string, ip: string | null, locale: Locale): Promise<void> {
    const limits: RateLimit[] = [
      [RECOVERY_ACCOUNT_POLICY, email.toLowerCase()],
      [RECOVERY_ADDRESS_POLICY, ip ?? 'unknown'],
    ];
    if (!(await limiter.reserve(limits)).allowed) throw errors.unprocessableRaw(RATE_LIMIT_MESSAGE);

    const admin = await admins.findByEmail(email);
    if (admin?.status !== STATUS.active) return;
    const code = randomToken();
    const now = clock();
    const link = `${deps.panelUrl}/change-password?code=${encodeURIComponent(code)}`;
    // The administrator's own wording, from the `password-recovery` template.
    const message = {
      template: PASSWORD_RECOVERY_TEMPLATE,
      to: admin.email,
      language: locale,
      variables: { company: deps.companyName, link },
      priority: 'main' as const,
    };
    try {
      await db.transaction().execute(async (trx) => {
        await trx
          .insertInto('password_reset_codes')
          .values({
            admin_id: admin.id,
            code_hash: sha256(code),
            expires_at: addSeconds(now, RECOVERY_CODE_TTL_SECONDS),
            created_at: now,
          })
          .execute();
        await mailer.send(trx, message);
      });
    } catch (error) {
      // A template an administrator broke must not tell the caller that the account exists: the code
      // is not stored (the transaction rolled back), the answer stays the same, and the log says why.
      if (error instanceof AppError && error.statusCode === 422)
        return mailer.reportUnsendable(message, error);
      throw error;
    }
    mailer.wake();
  }

  /**
   * Uses the code once, sets the password and ends every sign-in of the admin, all or nothing;
   * returns whose it was. Only an active administrator's code sets a password, as only an active
   * one is sent a code: one locked since (or invited in another status) is told the code is invalid.
   */
  async function changePassword(body: ChangePasswordRequest): Promise<number> {
    const now = clock();
    const codeHash = sha256(body.code);
    // Hashing is slow on purpose, and this endpoint is not throttled: spend it only on a usable code.
    const usable = await db
      .selectFrom('password_reset_codes as c')
      .innerJoin('admins as a', 'a.id', 'c.admin_id')
      .select('c.id')
      .where('c.code_hash', '=', codeHash)
      .where('c.used_at', 'is', null)
      .where('c.expires_at', '>', now)
      .where('a.status', '=', STATUS.active)
      .executeTakeFirst();
    if (!usable) throw invalidCode();
    const passwordHash = await passwords.hash(body.password);
    const changed = await db.transaction().execute(async (trx) => {
      const code = await trx
        .updateTable('password_reset_codes')
        .set({ used_at: now })
        .where('code_hash', '=', codeHash)
        .where('used_at', 'is', null)
        .where('expires_at', '>', now)
        .returning('admin_id')
        .executeTakeFirst();
      if (!code) return undefined;
      const admin = await trx
        .updateTable('admins')
        .set({ password_hash: passwordHash, updated_at: now })
        .where('id', '=', code.admin_id)
        .where('status', '=', STATUS.active)
        .returning('id')
        .executeTakeFirst();
      // Locked since the check: the code stays unspent (the transaction rolls back).
      if (!admin) throw invalidCode();
      await trx
        .updateTable('password_reset_codes')
        .set({ used_at: now })
        .where('admin_id', '=', code.admin_id)
        .where('used_at', 'is', null)
        .execute();
      await tokens.revokeAll(trx, 'admin', code.admin_id, 'password changed');
      return Number(code.admin_id);
    });
    if (changed === undefined) throw invalidCode();
    return changed;
  }

  /** Codes past their 15 minutes (or used) are dead weight a day later. */
  async function pruneSpentCodes(): Promise<void> {
    await db
      .deleteFrom('password_reset_codes')
      .where('expires_at', '<', addSeconds(clock(), -24 * 3600))
      .execute();
  }

  return { request, changePassword, pruneSpentCodes };
}

function invalidCode() {
  return errors.fields({ code: 'codeInvalid' });
}

function sleep(ms: number): Promise<void> {
  return ms > 0 ? new Promise((resolve) => setTimeout(resolve, ms)) : Promise.resolve();
}
