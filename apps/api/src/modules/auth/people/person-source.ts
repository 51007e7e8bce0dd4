import type { Admin, Locale, ResourceDescriptor, User } from '@pult/contract';
import { type RawBuilder, sql } from 'kysely';
import type { ListColumn, ListSource } from '../../../resources/list-sql.js';
import { nameColumn } from '../geo/names.js';

/** Users and administrators share their shape; admins add a photo. */
export type PersonTable = 'users' | 'admins';
export type PersonItem<T extends PersonTable> = T extends 'admins' ? Admin : User;

interface PersonRow {
  id: number;
  uid: string;
  email: string;
  username: string | null;
  first_name: string;
  last_name: string;
  phone: string | null;
  country_id: number | null;
  country_name: string | null;
  city_id: number | null;
  city_name: string | null;
  gender: 'male' | 'female' | 'other' | null;
  birthday: string | null;
  about_me: string | null;
  language: string;
  status: number;
  created_at: Date;
  updated_at: Date;
  groups: string[];
  photo?: string | null;
}

const column = (name: string, kind: ListColumn['kind']): ListColumn => ({ sql: sql.ref(`p.${name}`), kind });

const PERSON_COLUMNS: Record<string, ListColumn> = {
  id: column('id', 'integer'),
  email: { ...column('email', 'text'), bigrams: true },
  username: column('username', 'text'),
  first_name: column('first_name', 'text'),
  last_name: column('last_name', 'text'),
  phone: column('phone', 'text'),
  country_id: column('country_id', 'integer'),
  city_id: column('city_id', 'integer'),
  gender: column('gender', 'text'),
  birthday: column('birthday', 'date'),
  language: column('language', 'text'),
  status: column('status', 'integer'),
  created_at: column('created_at', 'timestamp'),
  updated_at: column('updated_at', 'timestamp'),
  // Matches a group by part of its name, like any text filter.
  groups: { sql: sql`array_to_string(p.groups, ' ')`, kind: 'text', array: sql.ref('p.groups') },
};

/** The users' date indexes hold the e-mail folded to lower case, for walked "contains" filters. */
const USER_COLUMNS: Record<string, ListColumn> = {
  ...PERSON_COLUMNS,
  email: { ...column('email', 'text'), bigrams: true, folded: sql`lower(p.email)` },
};

export function personSelect(table: PersonTable, locale: Locale): RawBuilder<unknown> {
  const extra = table === 'admins' ? sql`, p.photo` : sql``;
  return sql`p.id, p.uid, p.email, p.username, p.first_name, p.last_name, p.phone, p.country_id,
    ${nameColumn('c', locale)} as country_name, p.city_id, ${nameColumn('ci', locale)} as city_name,
    p.gender, p.birthday, p.about_me, p.language, p.status, p.groups, p.created_at, p.updated_at${extra}`;
}

const PLACE_JOINS = sql`left join countries c on c.id = p.country_id left join cities ci on ci.id = p.city_id`;

export function personFrom(table: PersonTable): RawBuilder<unknown> {
  return sql`${sql.table(table)} p ${PLACE_JOINS}`;
}

export function toPersonItem<T extends PersonTable>(row: PersonRow): PersonItem<T> {
  return {
    ...row,
    uid: String(row.uid),
    created_at: row.created_at.toISOString(),
    updated_at: row.updated_at.toISOString(),
  } as PersonItem<T>;
}

export function personListSource<T extends PersonTable>(
  table: T,
  descriptor: ResourceDescriptor,
  locale: Locale,
): ListSource<PersonRow, PersonItem<T>> {
  return {
    descriptor,
    table,
    alias: 'p',
    joins: PLACE_JOINS,
    select: personSelect(table, locale),
    columns: table === 'users' ? USER_COLUMNS : PERSON_COLUMNS,
    key: 'id',
    toItem: (row) => toPersonItem<T>(row),
    ...(table === 'users'
      ? {
          countedTable: 'users',
          dayCounts: { table: 'users', dayField: 'created_at', bucketField: 'status' },
        }
      : {}),
  };
}

export type { PersonRow };
