import { z } from 'zod';
import { tokenPairSchema } from '../auth.js';

/**
 * The administrators' second factor (issue 21): an authenticator app (TOTP, RFC 6238) with one-time
 * recovery codes. Error messages are message keys (`./mfa-messages.ts`).
 */

/** The ways a sign-in's second step can be passed. */
export const MFA_METHODS = ['totp', 'webauthn', 'recovery'] as const;
export type MfaMethod = (typeof MFA_METHODS)[number];

/** How many recovery codes one generation makes. */
export const RECOVERY_CODE_COUNT = 10;
/** Seconds an `mfa_token` (between the password and the second step) stays usable. */
export const MFA_TOKEN_TTL_SECONDS = 5 * 60;

const required = z.string({ error: 'required' }).trim().min(1, { error: 'required' });

/** Six digits, as an authenticator app shows them (spaces around are ignored). */
export const totpCodeField = required
  .max(32, { error: 'tooLong' })
  .regex(/^\d{6}$/, { error: 'mfaCodeFormat' });

/** `xxxxx-xxxxx` in base32 (a–z, 2–7), either case, the dash optional. */
export const recoveryCodeField = required
  .max(32, { error: 'tooLong' })
  .regex(/^[A-Za-z2-7]{5}-?[A-Za-z2-7]{5}$/, { error: 'mfaRecoveryCodeFormat' });

const passwordField = z
  .string({ error: 'required' })
  .min(1, { error: 'required' })
  .max(1024, { error: 'tooLong' });

const mfaTokenField = required.max(256, { error: 'tooLong' });

/**
 * Passkeys (WebAuthn). The browser's JSON forms of its answers (`RegistrationResponseJSON`,
 * `AuthenticationResponseJSON`) are checked by the server's WebAuthn library; here only their shape
 * and size are bounded, so a malformed or oversized one is a 422 before any work.
 */
const base64url = z
  .string()
  .max(4096)
  .regex(/^[A-Za-z0-9_-]*$/, { error: 'invalidValue' });
const webauthnResponseSchema = z.object({
  id: base64url,
  rawId: base64url,
  type: z.literal('public-key'),
  // Base64url parts, the key's algorithm (a COSE number) and the transports.
  response: z.record(
    z.string().max(64),
    z.union([z.string().max(16_384), z.number().int(), z.array(z.string().max(32)).max(10)]),
  ),
  authenticatorAttachment: z.string().max(32).optional(),
  clientExtensionResults: z.record(z.string(), z.unknown()),
});
export type WebauthnResponse = z.infer<typeof webauthnResponseSchema>;
export const webauthnField = webauthnResponseSchema;

export const passkeyNameField = z
  .string({ error: 'required' })
  .trim()
  .min(1, { error: 'required' })
  .max(60, { error: 'tooLong' });

export const passkeySchema = z.object({
  id: z.number().int(),
  name: z.string(),
  created_at: z.string(),
  last_used_at: z.string().nullable(),
});
export type Passkey = z.infer<typeof passkeySchema>;

/** `POST /auth/admin/mfa/passkeys/options`: the current password, as for the authenticator app. */
export const passkeyOptionsRequestSchema = z.strictObject({ password: passwordField });

/** `POST /auth/admin/mfa/passkeys`: the browser's answer to the options, and a name for it. */
export const passkeyRegisterRequestSchema = z.strictObject({
  name: passkeyNameField,
  response: webauthnField,
});
/** The new passkey, and recovery codes when it is the admin's first factor (shown once). */
export const passkeyRegisteredSchema = z.object({
  passkey: passkeySchema,
  recovery_codes: z.array(z.string()).nullable(),
});
export type PasskeyRegistered = z.infer<typeof passkeyRegisteredSchema>;

export const passkeyRenameRequestSchema = z.strictObject({ name: passkeyNameField });

/** `POST /auth/admin/signin/mfa/passkey-options`: the sign-in's challenge for a passkey. */
export const signinPasskeyOptionsRequestSchema = z.strictObject({ mfa_token: mfaTokenField });

/** Options for `navigator.credentials.*` as JSON (the WebAuthn library's own types on each side). */
export const webauthnOptionsSchema = z.record(z.string(), z.unknown());

/** Exactly one of the named proofs: none → `required` on the first, more → `mfaOneProof` on the others. */
function exactlyOne<K extends string>(keys: readonly K[]) {
  return (body: Partial<Record<K, unknown>>, ctx: z.RefinementCtx) => {
    const given = keys.filter((key) => body[key] !== undefined);
    if (given.length === 0) ctx.addIssue({ code: 'custom', message: 'required', path: [keys[0] as string] });
    for (const extra of given.slice(1))
      ctx.addIssue({ code: 'custom', message: 'mfaOneProof', path: [extra] });
  };
}

export const totpSetupRequestSchema = z.strictObject({ password: passwordField });
export type TotpSetupRequest = z.infer<typeof totpSetupRequestSchema>;

/** The pending secret (base32) and the `otpauth://` URL a QR code carries; shown once. */
export const totpSetupResponseSchema = z.object({ secret: z.string(), otpauth_url: z.string() });
export type TotpSetupResponse = z.infer<typeof totpSetupResponseSchema>;

export const totpConfirmRequestSchema = z.strictObject({ code: totpCodeField });
export type TotpConfirmRequest = z.infer<typeof totpConfirmRequestSchema>;

/** Fresh recovery codes: answered once, stored only hashed. */
export const recoveryCodesResponseSchema = z.object({ recovery_codes: z.array(z.string()) });
export type RecoveryCodesResponse = z.infer<typeof recoveryCodesResponseSchema>;

/** A second factor confirming a change of factors: a code, or a recovery code. */
export const mfaProofSchema = z
  .strictObject({ code: totpCodeField.optional(), recovery_code: recoveryCodeField.optional() })
  .superRefine(exactlyOne(['code', 'recovery_code']));
export type MfaProof = z.infer<typeof mfaProofSchema>;

/** A second factor, or the password (accepted only from an administrator without a factor). */
const factorOrPasswordSchema = z
  .strictObject({
    code: totpCodeField.optional(),
    recovery_code: recoveryCodeField.optional(),
    password: passwordField.optional(),
  })
  .superRefine(exactlyOne(['code', 'recovery_code', 'password']));

/** Removing the authenticator: a second factor, or the password while none is confirmed. */
export const totpRemoveRequestSchema = factorOrPasswordSchema;
export type TotpRemoveRequest = z.infer<typeof totpRemoveRequestSchema>;

/**
 * `POST /auth/admin/step-up`: confirms it is still the administrator before a dangerous action, with
 * a factor (a passkey too) or, for an admin without one, the password.
 */
export const stepUpRequestSchema = z
  .strictObject({
    code: totpCodeField.optional(),
    recovery_code: recoveryCodeField.optional(),
    webauthn: webauthnField.optional(),
    password: passwordField.optional(),
  })
  .superRefine(exactlyOne(['code', 'recovery_code', 'webauthn', 'password']));
export type StepUpRequest = z.infer<typeof stepUpRequestSchema>;

/** Until when this sign-in may take dangerous actions without being asked again. */
export const stepUpResponseSchema = z.object({ confirmed_until: z.string() });
export type StepUpResponse = z.infer<typeof stepUpResponseSchema>;

export const mfaStatusSchema = z.object({
  totp: z.boolean(),
  recovery_codes_left: z.number().int(),
  passkeys: z.array(passkeySchema),
  /** False when the panel's address cannot carry passkeys (an IP address: browsers refuse it). */
  passkeys_available: z.boolean(),
});
export type MfaStatus = z.infer<typeof mfaStatusSchema>;

/** The first step's answer for an administrator with a second factor: no tokens yet. */
export const mfaChallengeSchema = z.object({
  mfa_required: z.literal(true),
  mfa_token: z.string(),
  methods: z.array(z.enum(MFA_METHODS)),
});
export type MfaChallenge = z.infer<typeof mfaChallengeSchema>;

/** `POST /auth/admin/signin`: the tokens, or the second step's challenge. */
export const adminSigninResponseSchema = z.union([tokenPairSchema, mfaChallengeSchema]);
export type AdminSigninResponse = z.infer<typeof adminSigninResponseSchema>;

export const signinMfaRequestSchema = z
  .strictObject({
    mfa_token: mfaTokenField,
    code: totpCodeField.optional(),
    recovery_code: recoveryCodeField.optional(),
    webauthn: webauthnField.optional(),
  })
  .superRefine(exactlyOne(['code', 'recovery_code', 'webauthn']));
export type SigninMfaRequest = z.infer<typeof signinMfaRequestSchema>;

/** What resetting another administrator's second factor removed and ended. */
export const mfaResetResultSchema = z.object({
  removed_totp: z.boolean(),
  removed_recovery_codes: z.number().int(),
  ended_sessions: z.number().int(),
});
export type MfaResetResult = z.infer<typeof mfaResetResultSchema>;
