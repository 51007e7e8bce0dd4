import type {
  MfaChallenge,
  MfaMethod,
  MfaStatus,
  PasskeyRegistered,
  TotpSetupResponse,
  WebauthnResponse,
} from '@pult/contract';
import type { Db, Executor } from '../../../db/database.js';
import { AppError, errors } from '../../../http/app-error.js';
import type { Clock } from '../../../lib/clock.js';
import type { PasswordHasher } from '../../../lib/password-hasher.js';
import type { SecretBox } from '../../../lib/secret-box.js';
import type { AdminRepository } from '../admin-repository.js';
import type { AttemptLimit } from './attempt-limit.js';
import { base32Decode } from './base32.js';
import type { FactorCheck, FactorProof } from './factor-check.js';
import type { MfaChallenges } from './mfa-challenges.js';
import { otpauthUrl } from './otpauth-url.js';
import type { PasskeyStore } from './passkey-store.js';
import type { RecoveryCodeStore } from './recovery-code-store.js';
import { hashRecoveryCode, newRecoveryCodes } from './recovery-codes.js';
import { matchTotpStep, newTotpSecret } from './totp.js';
import type { TotpStore } from './totp-store.js';
import type { Webauthn } from './webauthn.js';

export interface MfaServiceDeps {
  db: Db;
  clock: Clock;
  secretBox: SecretBox;
  passwords: PasswordHasher;
  admins: AdminRepository;
  totp: TotpStore;
  recoveryCodes: RecoveryCodeStore;
  challenges: MfaChallenges;
  limit: AttemptLimit;
  spendFactor: FactorCheck;
  recoveryKey: Buffer;
  passkeys: PasskeyStore;
  webauthn: Webauthn;
}

/** A field-keyed 422 for a wrong or spent proof, on the field the proof came in. */
function wrongProof(proof: FactorProof | { password: string }): AppError {
  if ('password' in proof) return errors.fields({ password: 'mfaPasswordInvalid' });
  if ('webauthn' in proof) return errors.fields({ webauthn: 'mfaPasskeyInvalid' });
  return 'code' in proof
    ? errors.fields({ code: 'mfaCodeInvalid' })
    : errors.fields({ recovery_code: 'mfaCodeInvalid' });
}

/**
 * The administrator's own second factor: enrolment, removal, new recovery codes, and the sign-in's
 * second step. Every proof an attacker could guess passes the per-account attempt limit first.
 */
export function createMfaService(deps: MfaServiceDeps) {
  const { db, clock, totp, recoveryCodes, limit, passkeys, webauthn } = deps;

  /** The confirmed factors, in the order the sign-in offers them; recovery codes only beside one. */
  async function methodsOf(adminId: number, executor: Executor = db): Promise<MfaMethod[]> {
    const row = await totp.find(adminId, executor);
    const keys = await passkeys.credentials(adminId, executor);
    const methods: MfaMethod[] = [];
    if (row?.confirmed_at) methods.push('totp');
    if (keys.length > 0) methods.push('webauthn');
    if (methods.length === 0) return [];
    return (await recoveryCodes.countLeft(adminId, executor)) > 0 ? [...methods, 'recovery'] : methods;
  }

  /**
   * Runs `act` after a right second factor, in the transaction that spends it; a wrong one counts
   * against the limit and changes nothing.
   */
  async function withFactor<T>(
    adminId: number,
    proof: FactorProof,
    act: (trx: Executor, method: MfaMethod) => Promise<T>,
  ): Promise<T> {
    const attempt = await limit.take(adminId);
    let result: T;
    try {
      result = await db.transaction().execute(async (trx) => {
        const method = await deps.spendFactor(trx, adminId, proof, clock());
        if (!method) throw wrongProof(proof);
        return act(trx, method);
      });
    } catch (error) {
      // A wrong proof keeps its place in the limit; anything else was not a guess.
      if (!(error instanceof AppError && error.statusCode === 422)) await limit.unjudged(attempt);
      throw error;
    }
    await limit.succeeded(adminId, attempt);
    return result;
  }

  async function withPassword(adminId: number, password: string): Promise<void> {
    const admin = await deps.admins.findById(adminId);
    if (!admin) throw errors.unauthorized('invalidToken');
    const attempt = await limit.take(adminId);
    let valid: boolean;
    try {
      valid = await deps.passwords.verify(admin.password_hash, password);
    } catch (error) {
      await limit.unjudged(attempt);
      throw error;
    }
    if (!valid) throw wrongProof({ password });
    await limit.succeeded(adminId, attempt);
  }

  /**
   * This sign-in just proved a factor (or the password): dangerous actions are open for a while,
   * and a sign-in that had no factor now counts as one that passed it.
   */
  async function markConfirmed(executor: Executor, sessionId: string, method: MfaMethod | null) {
    const confirmed = executor
      .updateTable('auth_sessions')
      .set({ factor_confirmed_at: clock() })
      .where('id', '=', sessionId);
    await (method === null
      ? confirmed
      : confirmed.set((eb) => ({ second_factor: eb.fn.coalesce('second_factor', eb.val(method)) }))
    ).execute();
  }

  async function freshRecoveryCodes(trx: Executor, adminId: number): Promise<string[]> {
    const codes = newRecoveryCodes();
    const hashes = codes.map((code) => hashRecoveryCode(deps.recoveryKey, code));
    await recoveryCodes.replace(trx, adminId, hashes, clock());
    return codes;
  }

  return {
    methodsOf,

    /** Whose usable challenge a token is (for the audit of a wrong code). */
    challengeOwner: (token: string) => deps.challenges.peek(token, clock()),

    async status(adminId: number): Promise<MfaStatus> {
      const row = await totp.find(adminId);
      return {
        totp: Boolean(row?.confirmed_at),
        recovery_codes_left: await recoveryCodes.countLeft(adminId),
        passkeys: await passkeys.list(adminId),
        passkeys_available: webauthn.rp.available,
      };
    },

    /** Options for registering a passkey, after the current password (as for the authenticator app). */
    async passkeyOptions(adminId: number, password: string) {
      if (!webauthn.rp.available) throw errors.unprocessable('mfaPasskeysUnavailable');
      await withPassword(adminId, password);
      const admin = await deps.admins.findById(adminId);
      if (!admin) throw errors.unauthorized('invalidToken');
      return webauthn.registrationOptions({ id: adminId, email: admin.email });
    },

    /**
     * Keeps the passkey the browser made; the first factor of an admin also gets recovery codes (shown
     * once), and the sign-in it was made in counts as one that passed it.
     */
    async registerPasskey(
      adminId: number,
      sessionId: string,
      name: string,
      response: WebauthnResponse,
    ): Promise<PasskeyRegistered> {
      return db.transaction().execute(async (trx) => {
        const first = (await methodsOf(adminId, trx)).length === 0;
        const id = await webauthn.register(trx, adminId, response, name);
        if (id === null) throw errors.fields({ response: 'mfaPasskeyInvalid' });
        await markConfirmed(trx, sessionId, 'webauthn');
        const codes = first ? await freshRecoveryCodes(trx, adminId) : null;
        const passkey = (await passkeys.list(adminId, trx)).find((row) => row.id === id);
        if (!passkey) throw new Error('a passkey just stored is missing');
        return { passkey, recovery_codes: codes };
      });
    },

    renamePasskey: (adminId: number, id: number, name: string) => passkeys.rename(adminId, id, name),

    /** Removes a passkey (the route asks for a fresh factor); with no factor left, the codes go too. */
    async removePasskey(adminId: number, id: number): Promise<boolean> {
      return db.transaction().execute(async (trx) => {
        if (!(await passkeys.remove(trx, adminId, id))) return false;
        if ((await methodsOf(adminId, trx)).length === 0) await recoveryCodes.removeAll(trx, adminId);
        return true;
      });
    },

    /** A challenge for signing in with a passkey, on a live sign-in step. */
    async signinPasskeyOptions(token: string) {
      const adminId = await deps.challenges.peek(token, clock());
      if (adminId === undefined) throw errors.fields({ mfa_token: 'mfaTokenInvalid' });
      return webauthn.authenticationOptions(adminId);
    },

    /** A challenge for confirming a dangerous action with a passkey. */
    passkeyAssertionOptions: (adminId: number) => webauthn.authenticationOptions(adminId),

    /** A new pending secret after the current password; a confirmed authenticator is never replaced. */
    async setup(adminId: number, password: string): Promise<TotpSetupResponse> {
      if ((await totp.find(adminId))?.confirmed_at) throw errors.unprocessable('mfaTotpAlreadyEnabled');
      await withPassword(adminId, password);
      const admin = await deps.admins.findById(adminId);
      if (!admin) throw errors.unauthorized('invalidToken');
      const secret = newTotpSecret();
      if (!(await totp.savePending(adminId, deps.secretBox.seal(secret), clock())))
        throw errors.unprocessable('mfaTotpAlreadyEnabled');
      return { secret, otpauth_url: otpauthUrl(secret, admin.email) };
    },

    /**
     * Enables the pending authenticator after one right code; the recovery codes are shown once. The
     * sign-in it was set up in counts from now on as one that passed it (a group's requirement is met).
     */
    async confirm(adminId: number, sessionId: string, code: string): Promise<string[]> {
      const pending = await totp.find(adminId);
      if (!pending) throw errors.unprocessable('mfaTotpNotPending');
      if (pending.confirmed_at) throw errors.unprocessable('mfaTotpAlreadyEnabled');
      const attempt = await limit.take(adminId);
      const step = matchTotpStep(base32Decode(deps.secretBox.open(pending.secret_sealed)), code, clock());
      if (step === null) throw wrongProof({ code });
      const codes = await db.transaction().execute(async (trx) => {
        if (!(await totp.confirm(trx, adminId, pending.secret_sealed, step, clock()))) return null;
        await markConfirmed(trx, sessionId, 'totp');
        return freshRecoveryCodes(trx, adminId);
      });
      if (!codes) {
        await limit.unjudged(attempt);
        throw errors.unprocessable('mfaTotpNotPending');
      }
      await limit.succeeded(adminId, attempt);
      return codes;
    },

    /**
     * Removes the authenticator, and with it the recovery codes (they stand in for a factor; none is
     * left). A confirmed one needs a second factor; a pending one the password.
     */
    async removeTotp(adminId: number, proof: FactorProof | { password: string }): Promise<void> {
      const row = await totp.find(adminId);
      if (!row) throw errors.unprocessable('mfaTotpNotEnabled');
      const remove = async (trx: Executor) => {
        await totp.remove(trx, adminId);
        // The codes stand in for a factor: with no passkey left either, they go too.
        if ((await methodsOf(adminId, trx)).length === 0) await recoveryCodes.removeAll(trx, adminId);
      };
      if ('password' in proof) {
        if (row.confirmed_at) throw errors.fields({ password: 'mfaFactorRequired' });
        await withPassword(adminId, proof.password);
        await remove(db);
        return;
      }
      await withFactor(adminId, proof, remove);
    },

    /** New recovery codes after a second factor; the old ones stop working. */
    async regenerateRecoveryCodes(adminId: number, proof: FactorProof): Promise<string[]> {
      if ((await methodsOf(adminId)).length === 0) throw errors.unprocessable('mfaTotpNotEnabled');
      return withFactor(adminId, proof, (trx) => freshRecoveryCodes(trx, adminId));
    },

    /**
     * Step-up: a second factor, or the password for an admin without one, opens this sign-in's
     * dangerous actions for a few minutes. Answers which proof it was.
     */
    async stepUp(
      adminId: number,
      sessionId: string,
      proof: FactorProof | { password: string },
    ): Promise<MfaMethod | 'password'> {
      if ('password' in proof) {
        if ((await methodsOf(adminId)).length > 0)
          throw errors.fields({ password: 'mfaPasswordNotAccepted' });
        await withPassword(adminId, proof.password);
        await markConfirmed(db, sessionId, null);
        return 'password';
      }
      return withFactor(adminId, proof, async (trx, method) => {
        await markConfirmed(trx, sessionId, method);
        return method;
      });
    },

    /** The first step's answer for an admin with a factor, or null when the password is enough. */
    async challengeFor(adminId: number): Promise<MfaChallenge | null> {
      const methods = await methodsOf(adminId);
      if (methods.length === 0) return null;
      return { mfa_required: true, mfa_token: await deps.challenges.create(adminId, clock()), methods };
    },

    /**
     * The second step: the challenge and the factor are spent in one transaction (a wrong code rolls
     * the challenge back, so the admin may try again until the limit). Says whose sign-in it is.
     */
    async completeSignin(token: string, proof: FactorProof): Promise<{ adminId: number; method: MfaMethod }> {
      const adminId = await deps.challenges.peek(token, clock());
      if (adminId === undefined) throw errors.fields({ mfa_token: 'mfaTokenInvalid' });
      return withFactor(adminId, proof, async (trx, method) => {
        const owner = await deps.challenges.consume(trx, token, clock());
        // Spent by a parallel request meanwhile: not a wrong code, so not a 422 on the code.
        if (owner !== adminId) throw new ChallengeSpent();
        return { adminId, method };
      }).catch((error: unknown) => {
        if (error instanceof ChallengeSpent) throw errors.fields({ mfa_token: 'mfaTokenInvalid' });
        throw error;
      });
    },
  };
}

/** Thrown inside the transaction to roll back the factor a spent challenge cannot use. */
class ChallengeSpent extends Error {}

export type MfaService = ReturnType<typeof createMfaService>;
