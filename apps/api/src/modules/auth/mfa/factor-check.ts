import type { MfaMethod, WebauthnResponse } from '@pult/contract';
import type { Executor } from '../../../db/database.js';
import type { SecretBox } from '../../../lib/secret-box.js';
import { base32Decode } from './base32.js';
import type { RecoveryCodeStore } from './recovery-code-store.js';
import { hashRecoveryCode } from './recovery-codes.js';
import { matchTotpStep } from './totp.js';
import type { TotpStore } from './totp-store.js';
import type { Webauthn } from './webauthn.js';

/** A second factor as a request gives it: an authenticator code, a passkey's answer or a recovery code. */
export type FactorProof = { code: string } | { recovery_code: string } | { webauthn: WebauthnResponse };

/**
 * Checks a proof against the admin's confirmed factors and spends it (the code's time step, or the
 * recovery code) in the same executor, so a caller's transaction commits the use with what it
 * allowed. Null when the proof is wrong or was already used.
 */
export function createFactorCheck(deps: {
  totp: TotpStore;
  recoveryCodes: RecoveryCodeStore;
  secretBox: SecretBox;
  recoveryKey: Buffer;
  webauthn: Webauthn;
}) {
  async function spendTotp(executor: Executor, adminId: number, code: string, now: Date): Promise<boolean> {
    const row = await deps.totp.find(adminId, executor);
    if (!row?.confirmed_at) return false;
    const step = matchTotpStep(base32Decode(deps.secretBox.open(row.secret_sealed)), code, now);
    return step !== null && (await deps.totp.acceptStep(executor, adminId, step));
  }

  return async function spend(
    executor: Executor,
    adminId: number,
    proof: FactorProof,
    now: Date,
  ): Promise<MfaMethod | null> {
    if ('code' in proof) return (await spendTotp(executor, adminId, proof.code, now)) ? 'totp' : null;
    if ('webauthn' in proof)
      return (await deps.webauthn.spend(executor, adminId, proof.webauthn)) ? 'webauthn' : null;
    const hash = hashRecoveryCode(deps.recoveryKey, proof.recovery_code);
    return (await deps.recoveryCodes.consume(executor, adminId, hash, now)) ? 'recovery' : null;
  };
}

export type FactorCheck = ReturnType<typeof createFactorCheck>;
