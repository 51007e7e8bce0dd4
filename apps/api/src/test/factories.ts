import { type GrantInput, grantsSchema, type TokenPair } from '@pult/contract';
import type { Insertable } from 'kysely';
import type { Db } from '../db/database.js';
import { hashPassword } from '../lib/passwords.js';
import type { CitiesTable, CountriesTable, UsersTable } from '../modules/auth/tables.js';
import { TEST_ADMIN, type TestApp } from './test-app.js';

let sequence = 0;

/** An admin row with a known password; every field can be overridden. */
export async function createAdmin(
  db: Db,
  overrides: Partial<{
    email: string;
    password: string;
    status: number;
    firstName: string;
    lastName: string;
    /** Every other test needs an administrator who may do anything: `superadmin` unless told. */
    groups: string[];
  }> = {},
) {
  sequence += 1;
  const password = overrides.password ?? `password-${sequence}-long`;
  const admin = await db
    .insertInto('admins')
    .values({
      email: overrides.email ?? `admin${sequence}@pult.test`,
      password_hash: await hashPassword(password),
      first_name: overrides.firstName ?? 'Taras',
      last_name: overrides.lastName ?? 'Shevchenko',
      status: overrides.status ?? 1,
      groups: overrides.groups ?? ['superadmin'],
    })
    .returningAll()
    .executeTakeFirstOrThrow();
  return { admin, password };
}

export async function signIn(app: TestApp, email: string, password: string): Promise<TokenPair> {
  const response = await app.app.inject({
    method: 'POST',
    url: '/auth/admin/signin',
    payload: { email, password },
  });
  if (response.statusCode !== 200) throw new Error(`Sign-in failed: ${response.statusCode} ${response.body}`);
  return response.json<TokenPair>();
}

/** `POST /auth/admin/refresh-token` with the refresh token, answered as it comes. */
export function renewAdmin(app: TestApp, refreshToken: string) {
  return app.app.inject({
    method: 'POST',
    url: '/auth/admin/refresh-token',
    payload: { refresh_token: refreshToken },
  });
}

/** `GET /auth/admin/profile-basic` with the access token: the cheapest proof that a token works. */
export function adminProfileBasic(app: TestApp, accessToken: string) {
  return app.app.inject({
    method: 'GET',
    url: '/auth/admin/profile-basic',
    headers: { authorization: `Bearer ${accessToken}` },
  });
}

/** Signs a platform user in at `/auth/user/signin`; throws unless it succeeds. */
export async function signInUser(app: TestApp, email: string, password: string): Promise<TokenPair> {
  const response = await app.app.inject({
    method: 'POST',
    url: '/auth/user/signin',
    payload: { email, password },
  });
  if (response.statusCode !== 200) {
    throw new Error(`User sign-in failed: ${response.statusCode} ${response.body}`);
  }
  return response.json<TokenPair>();
}

/** Headers of a request by the test administrator (a fresh sign-in), in the given language. */
export async function adminHeaders(
  app: TestApp,
  lang: 'en-US' | 'uk-UA' = 'en-US',
): Promise<{ authorization: string; Lang: string }> {
  const pair = await signIn(app, TEST_ADMIN.email, TEST_ADMIN.password);
  return { authorization: `Bearer ${pair.access_token}`, Lang: lang };
}

const hashes = new Map<string, Promise<string>>();

/** An argon2 hash of the password, computed once per test file: hashing is slow on purpose. */
export function cachedPasswordHash(password: string): Promise<string> {
  let hash = hashes.get(password);
  if (!hash) {
    hash = hashPassword(password);
    hashes.set(password, hash);
  }
  return hash;
}

/** Two capital letters no other factory call in this process has used (AA, AB, …, ZZ). */
function nextCountryCode(): string {
  sequence += 1;
  const index = sequence % (26 * 26);
  return String.fromCharCode(65 + Math.floor(index / 26), 65 + (index % 26));
}

export async function createCountry(db: Db, overrides: Partial<Insertable<CountriesTable>> = {}) {
  const code = overrides.code ?? nextCountryCode();
  return db
    .insertInto('countries')
    .values({ code, name_uk: `Країна ${code}`, name_en: `Country ${code}`, ...overrides })
    .returningAll()
    .executeTakeFirstOrThrow();
}

export async function createCity(
  db: Db,
  countryId: number,
  overrides: Partial<Omit<Insertable<CitiesTable>, 'country_id'>> = {},
) {
  sequence += 1;
  return db
    .insertInto('cities')
    .values({
      country_id: countryId,
      name_uk: `Місто ${sequence}`,
      name_en: `City ${sequence}`,
      ...overrides,
    })
    .returningAll()
    .executeTakeFirstOrThrow();
}

export type UserOverrides = Partial<Omit<Insertable<UsersTable>, 'password_hash'>> & {
  /** The password to sign in with; hashed once per distinct password (see `cachedPasswordHash`). */
  password?: string;
  /** A hash computed beforehand, for many rows at once; `password` is then only reported back. */
  passwordHash?: string;
};

/** A platform user with a known password, inserted directly; every column can be overridden. */
export async function createUser(db: Db, overrides: UserOverrides = {}) {
  sequence += 1;
  const { password = `user-password-${sequence}`, passwordHash, ...columns } = overrides;
  const user = await db
    .insertInto('users')
    .values({
      email: `user${sequence}@pult.test`,
      first_name: 'Lesia',
      last_name: 'Ukrainka',
      status: 1,
      language: 'uk-UA',
      ...columns,
      password_hash: passwordHash ?? (await cachedPasswordHash(password)),
    })
    .returningAll()
    .executeTakeFirstOrThrow();
  return { user, password };
}

/** A notification template; e-mail with a subject unless told otherwise. */
export async function createTemplate(
  db: Db,
  overrides: Partial<{
    name: string;
    type: 'email' | 'push' | 'sms';
    subject: string | null;
    content: string;
    priority: number;
    is_active: boolean;
    sample_variables: Record<string, unknown>;
  }> = {},
) {
  sequence += 1;
  const { sample_variables = {}, ...columns } = overrides;
  return db
    .insertInto('notification_templates')
    .values({
      name: `template-${sequence}`,
      type: 'email',
      subject: 'Hello {name}',
      content: '<p>Hello, {name}!</p>',
      ...columns,
      sample_variables: JSON.stringify(sample_variables),
    })
    .returningAll()
    .executeTakeFirstOrThrow();
}

/** A translation entry with a text per given language. */
export async function createTranslation(
  db: Db,
  group: string,
  key: string,
  texts: Partial<Record<'uk-UA' | 'en-US', string>>,
) {
  return db
    .insertInto('notification_translations')
    .values({ group_name: group, key_name: key, texts: JSON.stringify(texts) })
    .returningAll()
    .executeTakeFirstOrThrow();
}

/** A group of administrators with exactly these grants (effect defaults to allow). */
export async function createGroup(db: Db, name: string, grants: readonly GrantInput[], description = '') {
  const parsed = grantsSchema.parse(grants);
  return db
    .insertInto('admin_groups')
    .values({ name, description, grants: JSON.stringify(parsed) })
    .returningAll()
    .executeTakeFirstOrThrow();
}

let grantedSequence = 0;

/**
 * Signs in a new administrator who holds exactly these grants (through a group of their own), for
 * tests of what one permission lets through. Returns the request headers, the admin and the group.
 */
export async function adminWithGrants(
  app: TestApp,
  grants: readonly GrantInput[],
  lang: 'en-US' | 'uk-UA' = 'en-US',
) {
  grantedSequence += 1;
  const group = await createGroup(app.db, `granted-${grantedSequence}`, grants);
  const { admin, password } = await createAdmin(app.db, { groups: [group.name] });
  const pair = await signIn(app, admin.email, password);
  return { headers: { authorization: `Bearer ${pair.access_token}`, Lang: lang }, admin, group, pair };
}
