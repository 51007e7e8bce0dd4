import type { Db } from '../../../db/database.js';
import type { Clock } from '../../../lib/clock.js';
import type { PasswordHasher } from '../../../lib/password-hasher.js';
import type { SecretBox } from '../../../lib/secret-box.js';
import type { AdminRepository } from '../admin-repository.js';
import type { RateLimiter } from '../rate-limiter.js';
import { createAttemptLimit } from './attempt-limit.js';
import { loadAuthKey } from './auth-keys.js';
import { createFactorCheck } from './factor-check.js';
import { createMfaChallenges } from './mfa-challenges.js';
import { createMfaService } from './mfa-service.js';
import { createPasskeyStore } from './passkey-store.js';
import { createRecoveryCodeStore } from './recovery-code-store.js';
import { createTotpStore } from './totp-store.js';
import { createWebauthn, type RelyingParty } from './webauthn.js';

/** The name of the recovery codes' hashing key in `auth_keys`. */
export const RECOVERY_CODE_KEY = 'recovery-codes';

/** Builds the second factor's parts on the auth service's shared pieces. */
export async function createMfa(deps: {
  db: Db;
  clock: Clock;
  secretBox: SecretBox;
  passwords: PasswordHasher;
  admins: AdminRepository;
  limiter: RateLimiter;
  /** Where passkeys are bound (PUBLIC_URL) and the name browsers show for it. */
  relyingParty: RelyingParty;
}) {
  const { db, secretBox } = deps;
  const recoveryKey = await loadAuthKey(db, secretBox, RECOVERY_CODE_KEY);
  const totp = createTotpStore(db);
  const recoveryCodes = createRecoveryCodeStore(db);
  const challenges = createMfaChallenges(db);
  const passkeys = createPasskeyStore(db);
  const webauthn = createWebauthn({ store: passkeys, rp: deps.relyingParty, clock: deps.clock });
  const service = createMfaService({
    ...deps,
    totp,
    recoveryCodes,
    challenges,
    passkeys,
    webauthn,
    limit: createAttemptLimit(deps.limiter),
    spendFactor: createFactorCheck({ totp, recoveryCodes, secretBox, recoveryKey, webauthn }),
    recoveryKey,
  });
  return {
    service,
    async prune() {
      await challenges.prune(deps.clock());
      await passkeys.prune(deps.clock());
    },
  };
}

export type Mfa = Awaited<ReturnType<typeof createMfa>>;
