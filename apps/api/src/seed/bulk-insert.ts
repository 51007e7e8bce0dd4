import { sql } from 'kysely';
import type { Executor } from '../db/database.js';
import type { GeneratedUser } from './people-generator.js';

/** Country and city ids of the database at hand, looked up by code and English city name. */
export interface PlaceIds {
  countryId(code: string | null): number | null;
  cityId(code: string | null, nameEn: string | null): number | null;
}

export async function loadPlaceIds(db: Executor): Promise<PlaceIds> {
  const rows = await db
    .selectFrom('countries as co')
    .leftJoin('cities as ci', 'ci.country_id', 'co.id')
    .select(['co.id as country_id', 'co.code', 'ci.id as city_id', 'ci.name_en'])
    .execute();
  const countries = new Map<string, number>();
  const cities = new Map<string, number>();
  for (const row of rows) {
    countries.set(row.code, row.country_id);
    if (row.city_id !== null && row.name_en !== null) cities.set(cityKey(row.code, row.name_en), row.city_id);
  }
  return {
    countryId: (code) => (code === null ? null : (countries.get(code) ?? null)),
    cityId: (code, nameEn) =>
      code === null || nameEn === null ? null : (cities.get(cityKey(code, nameEn)) ?? null),
  };
}

function cityKey(code: string, nameEn: string): string {
  return `${code}\u0000${nameEn.toLowerCase()}`;
}

/**
 * Inserts users in one statement whose parameters are column arrays: `unnest` turns them back into
 * rows, so a batch of any size costs 15 bound parameters instead of 15 per row, and PostgreSQL parses
 * and plans it once. An e-mail that already exists (case-insensitively) is skipped, not an error, so
 * a seed run never fails on a user an administrator happened to create. Returns how many were added.
 */
export async function insertUsers(
  db: Executor,
  users: readonly GeneratedUser[],
  passwordHash: string,
  places: PlaceIds,
): Promise<number> {
  if (users.length === 0) return 0;
  const c = toColumns(users, places);
  const { rows } = await sql<{ inserted: number }>`
    with added as (
      insert into users (email, username, first_name, last_name, phone, country_id, city_id, gender,
        birthday, about_me, language, status, password_hash, created_at, updated_at)
      select email, username, first_name, last_name, phone, country_id, city_id, gender,
        birthday, about_me, language, status, ${passwordHash}, created_at, updated_at
      from unnest(${c.email}::text[], ${c.username}::text[], ${c.firstName}::text[], ${c.lastName}::text[],
        ${c.phone}::text[], ${c.countryId}::bigint[], ${c.cityId}::bigint[], ${c.gender}::text[],
        ${c.birthday}::date[], ${c.aboutMe}::text[], ${c.language}::text[], ${c.status}::smallint[],
        ${c.createdAt}::timestamptz[], ${c.updatedAt}::timestamptz[])
        as t(email, username, first_name, last_name, phone, country_id, city_id, gender,
          birthday, about_me, language, status, created_at, updated_at)
      on conflict (lower(email)) do nothing
      returning 1
    )
    select count(*)::int as inserted from added`.execute(db);
  return Number(rows[0]?.inserted ?? 0);
}

interface UserColumns {
  email: string[];
  username: (string | null)[];
  firstName: string[];
  lastName: string[];
  phone: (string | null)[];
  countryId: (number | null)[];
  cityId: (number | null)[];
  gender: (string | null)[];
  birthday: (string | null)[];
  aboutMe: (string | null)[];
  language: string[];
  status: number[];
  createdAt: string[];
  updatedAt: string[];
}

function toColumns(users: readonly GeneratedUser[], places: PlaceIds): UserColumns {
  const c: UserColumns = {
    email: [],
    username: [],
    firstName: [],
    lastName: [],
    phone: [],
    countryId: [],
    cityId: [],
    gender: [],
    birthday: [],
    aboutMe: [],
    language: [],
    status: [],
    createdAt: [],
    updatedAt: [],
  };
  for (const user of users) {
    c.email.push(user.email);
    c.username.push(user.username);
    c.firstName.push(user.first_name);
    c.lastName.push(user.last_name);
    c.phone.push(user.phone);
    const countryId = places.countryId(user.country_code);
    c.countryId.push(countryId);
    // A city without its country would contradict the panel's country → city narrowing.
    c.cityId.push(countryId === null ? null : places.cityId(user.country_code, user.city_name_en));
    c.gender.push(user.gender);
    c.birthday.push(user.birthday);
    c.aboutMe.push(user.about_me);
    c.language.push(user.language);
    c.status.push(user.status);
    // ISO strings read the same on both drivers; Date objects in arrays are serialised differently.
    c.createdAt.push(user.created_at.toISOString());
    c.updatedAt.push(user.updated_at.toISOString());
  }
  return c;
}
