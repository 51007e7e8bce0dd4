import { randomBytes } from 'node:crypto';
import { DEMO_ADMIN } from './pult-server.js';

/**
 * The Users module's API, called directly (Node's fetch) as the demo administrator: tests create the
 * records they look at through it rather than depending on the random demo data.
 */

/** The password of every account the tests create (at least 8 characters). */
export const TEST_PASSWORD = 'e2e-secret-2026';

export interface ApiResponse<Body = unknown> {
  status: number;
  body: Body;
}

export interface PersonRecord {
  id: number;
  email: string;
  first_name: string;
  last_name: string;
  status: number;
  country_id: number | null;
  city_id: number | null;
  birthday: string | null;
  groups?: string[];
}

export interface ListBody<Item> {
  items: Item[];
  total: number;
  pageCount: number;
}

export interface LookupOption {
  value: number;
  label: string;
}

export interface TokenPair {
  access_token: string;
  expires_at: number;
  refresh_token: string;
  refresh_expired_at: number;
}

/** A short random tag, unique enough to tell one test's records from every other's. */
export function uniqueTag(prefix = 'e2e'): string {
  return `${prefix}${Date.now().toString(36)}${randomBytes(3).toString('hex')}`;
}

export function uniqueEmail(tag = uniqueTag()): string {
  return `${tag}@e2e.test`;
}

async function call<Body>(
  baseURL: string,
  method: string,
  path: string,
  options: { token?: string; body?: unknown; headers?: Record<string, string> } = {},
): Promise<ApiResponse<Body>> {
  const headers: Record<string, string> = { accept: 'application/json', ...options.headers };
  if (options.token) headers.authorization = `Bearer ${options.token}`;
  if (options.body !== undefined) headers['content-type'] = 'application/json';
  const response = await fetch(`${baseURL}${path}`, {
    method,
    headers,
    body: options.body === undefined ? undefined : JSON.stringify(options.body),
  });
  const text = await response.text();
  let body: unknown = text;
  try {
    body = text === '' ? null : JSON.parse(text);
  } catch {
    // not JSON: kept as text
  }
  return { status: response.status, body: body as Body };
}

/** A call without an administrator's token (platform-user and service paths). */
export function publicCall<Body = unknown>(
  baseURL: string,
  method: string,
  path: string,
  options: { body?: unknown; headers?: Record<string, string> } = {},
): Promise<ApiResponse<Body>> {
  return call<Body>(baseURL, method, path, options);
}

export interface AdminApi {
  baseURL: string;
  /** The administrator's own sign-in: a panel page can start from it (see users-fixtures.ts). */
  tokens: TokenPair;
  request<Body = unknown>(method: string, path: string, body?: unknown): Promise<ApiResponse<Body>>;
  /** Like `request`, but throws unless the status is 2xx; returns the body. */
  ok<Body = unknown>(method: string, path: string, body?: unknown): Promise<Body>;
  createUser(fields?: Partial<PersonRecord> & Record<string, unknown>): Promise<PersonRecord>;
  createAdmin(fields?: Partial<PersonRecord> & Record<string, unknown>): Promise<PersonRecord>;
  listUsers(query: Record<string, string>): Promise<ListBody<PersonRecord>>;
  countryId(nameUk: string): Promise<number>;
  cities(countryId: number): Promise<LookupOption[]>;
}

/** Signs in as the demo administrator through the API. */
export async function adminApi(baseURL: string): Promise<AdminApi> {
  const signin = await call<TokenPair>(baseURL, 'POST', '/auth/admin/signin', { body: DEMO_ADMIN });
  if (signin.status !== 200)
    throw new Error(`Admin sign-in failed: ${signin.status} ${JSON.stringify(signin.body)}`);
  const token = signin.body.access_token;

  const request = <Body>(method: string, path: string, body?: unknown) =>
    call<Body>(baseURL, method, path, { token, body });
  const ok = async <Body>(method: string, path: string, body?: unknown) => {
    const response = await request<Body>(method, path, body);
    if (response.status < 200 || response.status > 299) {
      throw new Error(`${method} ${path}: ${response.status} ${JSON.stringify(response.body)}`);
    }
    return response.body;
  };
  const person = (fields: Record<string, unknown>) => ({
    email: uniqueEmail(),
    password: TEST_PASSWORD,
    password_repeat: TEST_PASSWORD,
    first_name: 'Тест',
    last_name: 'Користувач',
    language: 'uk-UA',
    status: 1,
    ...fields,
  });

  return {
    baseURL,
    tokens: signin.body,
    request,
    ok,
    createUser: (fields = {}) => ok<PersonRecord>('POST', '/auth/admin/users', person(fields)),
    createAdmin: (fields = {}) => ok<PersonRecord>('POST', '/auth/admin/admins', person(fields)),
    listUsers: (query) =>
      ok<ListBody<PersonRecord>>('GET', `/auth/admin/users?${new URLSearchParams(query).toString()}`),
    async countryId(nameUk) {
      const countries = await ok<{ items: LookupOption[] }>('GET', '/auth/admin/countries/lookup');
      const country = countries.items.find((item) => item.label === nameUk);
      if (!country) throw new Error(`No country named ${nameUk}`);
      return country.value;
    },
    async cities(countryId) {
      const cities = await ok<{ items: LookupOption[] }>(
        'GET',
        `/auth/admin/cities/lookup?country_id=${countryId}`,
      );
      return cities.items;
    },
  };
}
