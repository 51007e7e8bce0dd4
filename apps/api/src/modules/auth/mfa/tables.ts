import type { ColumnType, Generated } from 'kysely';

type CreatedAt = ColumnType<Date, Date | string | undefined, never>;

/** One authenticator per administrator: pending until `confirmed_at`. */
export interface AdminTotpTable {
  admin_id: number;
  /** The base32 secret, sealed with the server's secret key (lib/secret-box.ts). */
  secret_sealed: string;
  confirmed_at: Date | null;
  /** The last time step a code was accepted for: only a later one is accepted next. */
  last_step: ColumnType<string | null, number | null | undefined, number | null>;
  created_at: CreatedAt;
}

export interface AdminRecoveryCodesTable {
  id: Generated<number>;
  admin_id: number;
  /** HMAC-SHA-256 of the normalised code under the `recovery-codes` key of `auth_keys`. */
  code_hash: string;
  created_at: CreatedAt;
  used_at: Date | null;
}

/** The step between a right password and the second factor; only the token's hash is kept. */
export interface AdminMfaChallengesTable {
  id: Generated<number>;
  admin_id: number;
  token_hash: string;
  created_at: CreatedAt;
  expires_at: Date;
  used_at: Date | null;
}

/** Keys of the auth service that must outlive a SECRET_KEY rotation, sealed with it. */
export interface AuthKeysTable {
  name: string;
  sealed: string;
  created_at: CreatedAt;
}

/** A passkey (WebAuthn credential) an administrator registered as a second factor. */
export interface AdminPasskeysTable {
  id: Generated<number>;
  admin_id: number;
  /** The credential's id as the browser gives it (base64url). */
  credential_id: string;
  /** The COSE public key, base64url. */
  public_key: string;
  /** The authenticator's signature counter (0 for those that keep none). */
  counter: ColumnType<string, number, number>;
  transports: ColumnType<string[], string[] | undefined, string[]>;
  name: string;
  created_at: CreatedAt;
  last_used_at: Date | null;
}

/** A WebAuthn challenge handed to a browser: used once, within minutes, by the admin it was made for. */
export interface AdminWebauthnChallengesTable {
  challenge: string;
  admin_id: number;
  purpose: 'register' | 'authenticate';
  expires_at: Date;
}

export interface MfaTables {
  admin_passkeys: AdminPasskeysTable;
  admin_webauthn_challenges: AdminWebauthnChallengesTable;
  admin_totp: AdminTotpTable;
  admin_recovery_codes: AdminRecoveryCodesTable;
  admin_mfa_challenges: AdminMfaChallengesTable;
  auth_keys: AuthKeysTable;
}
