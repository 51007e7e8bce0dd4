import type { ColumnType, Generated, Selectable } from 'kysely';
import type { MfaTables } from './mfa/tables.js';

type Timestamp = ColumnType<Date, Date | string | undefined, Date | string>;
type CreatedAt = ColumnType<Date, Date | string | undefined, never>;

export interface AdminsTable {
  id: Generated<number>;
  uid: Generated<string>;
  email: string;
  username: string | null;
  first_name: string;
  last_name: string;
  phone: string | null;
  photo: string | null;
  gender: 'male' | 'female' | 'other' | null;
  birthday: ColumnType<string | null, string | null | undefined, string | null>;
  about_me: string | null;
  country_id: number | null;
  city_id: number | null;
  language: Generated<string>;
  status: Generated<number>;
  groups: Generated<string[]>;
  password_hash: string;
  created_at: CreatedAt;
  updated_at: Timestamp;
}

export interface AuthSessionsTable {
  id: Generated<string>;
  subject_kind: 'admin' | 'user';
  subject_id: number;
  created_at: CreatedAt;
  /** Absolute end of this sign-in (SESSION_MAX_AGE), rotations included. */
  expires_at: Date;
  revoked_at: Date | null;
  revoked_reason: string | null;
  ip: string | null;
  user_agent: string | null;
  /** The second factor this sign-in passed (`totp`, `recovery`), or null for the password alone. */
  second_factor: ColumnType<string | null, string | null | undefined, string | null>;
  /** When this sign-in last proved a factor (step-up); the sign-in itself is the first proof. */
  factor_confirmed_at: ColumnType<Date | null, Date | null | undefined, Date | null>;
}

export interface RefreshTokensTable {
  id: Generated<number>;
  session_id: string;
  token_hash: string;
  created_at: CreatedAt;
  expires_at: Date;
  rotated_at: Date | null;
  replaced_by: number | null;
}

export interface SigningKeysTable {
  kid: string;
  algorithm: string;
  /** The private JWK, sealed with the server's secret key (lib/secret-box.ts). */
  private_jwk_sealed: string;
  public_jwk: ColumnType<Record<string, unknown>, string, string>;
  created_at: CreatedAt;
}

export interface RateLimitEventsTable {
  id: Generated<number>;
  bucket: string;
  key: string;
  created_at: CreatedAt;
}

export interface PasswordResetCodesTable {
  id: Generated<number>;
  admin_id: number;
  code_hash: string;
  created_at: CreatedAt;
  expires_at: Date;
  used_at: Date | null;
}

export interface SettingsTable {
  key: string;
  type: 'string' | 'integer' | 'boolean' | 'json';
  value: ColumnType<unknown, string, string>;
  is_public: Generated<boolean>;
  updated_at: Timestamp;
}

/** Platform users: the admins' shape without the photo. */
export interface UsersTable {
  id: Generated<number>;
  uid: Generated<string>;
  email: string;
  username: string | null;
  first_name: string;
  last_name: string;
  phone: string | null;
  country_id: number | null;
  city_id: number | null;
  gender: 'male' | 'female' | 'other' | null;
  birthday: ColumnType<string | null, string | null | undefined, string | null>;
  about_me: string | null;
  language: Generated<string>;
  status: Generated<number>;
  groups: Generated<string[]>;
  password_hash: string;
  created_at: CreatedAt;
  updated_at: Timestamp;
}

export interface CountriesTable {
  id: Generated<number>;
  code: string;
  name_uk: string;
  name_en: string;
  created_at: CreatedAt;
  updated_at: Timestamp;
}

export interface CitiesTable {
  id: Generated<number>;
  country_id: number;
  name_uk: string;
  name_en: string;
  created_at: CreatedAt;
  updated_at: Timestamp;
}

/** One key per platform service; only a hash and a short prefix are kept. */
export interface ApiKeysTable {
  service: string;
  prefix: string;
  key_hash: string;
  created_at: Timestamp;
}

/** Exact row counts kept by triggers, for the totals of unfiltered lists. */
export interface RowCountsTable {
  table_name: string;
  n: number;
}

/** Append-only: a trigger refuses UPDATE, DELETE and TRUNCATE. */
export interface AuditLogTable {
  id: Generated<number>;
  created_at: ColumnType<Date, Date | undefined, never>;
  admin_id: number | null;
  admin_email: string | null;
  action: string;
  resource: string | null;
  record_id: string | null;
  ip: string | null;
  user_agent: string | null;
  changes: ColumnType<unknown, string, never>;
  detail: ColumnType<Record<string, unknown> | null, string | null, never>;
}

/** An administrators' group; `grants` holds the contract's grant documents. */
export interface AdminGroupsTable {
  id: Generated<number>;
  name: string;
  description: Generated<string>;
  grants: ColumnType<unknown, string | undefined, string>;
  builtin: Generated<boolean>;
  /** Members without a second factor may only enrol one. */
  mfa_required: Generated<boolean>;
  created_at: CreatedAt;
  updated_at: Timestamp;
}

/** One row: bumped by a trigger whenever any group changes. */
export interface AdminAccessVersionTable {
  id: number;
  version: number;
}

export interface AuthTables extends MfaTables {
  audit_log: AuditLogTable;
  admin_groups: AdminGroupsTable;
  admin_access_version: AdminAccessVersionTable;
  admins: AdminsTable;
  auth_sessions: AuthSessionsTable;
  refresh_tokens: RefreshTokensTable;
  signing_keys: SigningKeysTable;
  rate_limit_events: RateLimitEventsTable;
  password_reset_codes: PasswordResetCodesTable;
  settings: SettingsTable;
  users: UsersTable;
  countries: CountriesTable;
  cities: CitiesTable;
  api_keys: ApiKeysTable;
  row_counts: RowCountsTable;
}

export type AdminRow = Selectable<AdminsTable>;
export type UserRow = Selectable<UsersTable>;
