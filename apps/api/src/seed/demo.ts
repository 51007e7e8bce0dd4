import type { GroupWrite } from '@pult/contract';
import type { FastifyBaseLogger } from 'fastify';
import { sql } from 'kysely';
import type { Db, Executor } from '../db/database.js';
import { hashPassword } from '../lib/passwords.js';
import { seedAuditDemo } from './audit-demo.js';
import { insertUsers, loadPlaceIds } from './bulk-insert.js';
import { CITIES } from './data/cities.js';
import { COUNTRIES } from './data/countries.js';
import { seedNotificationDemo } from './notification-demo.js';
import { createPeopleGenerator } from './people-generator.js';

/** Password of every seeded user and of the extra demo administrators. */
export const DEMO_USER_PASSWORD = 'pult-user-2026';
/** Fixed, so every fresh demo shows the same people. */
export const DEMO_SEED = 2026;
const DEMO_USER_COUNT = 200;

const DEMO_SETTINGS = [
  { key: 'siteName', type: 'string', value: 'Pult', is_public: true },
  { key: 'maxUploadMb', type: 'integer', value: 50, is_public: false },
  { key: 'registrationOpen', type: 'boolean', value: true, is_public: true },
  {
    key: 'supportContacts',
    type: 'json',
    value: { email: 'support@pult.local', phone: '+380 44 123 45 67', hours: 'Пн–Пт 09:00–18:00' },
    is_public: true,
  },
] as const;

interface SeededCounts {
  countries: number;
  cities: number;
  users?: number;
  admins?: number;
  settings?: number;
  emails?: number;
  auditEntries?: number;
}

/**
 * Demo data for a fresh database. The bootstrap admin is created by the auth module and only renamed
 * here; everything else is added once, when the countries table is still empty, so a restart or an
 * administrator's later edits are never overwritten.
 */
export async function seedDemoData(db: Db, logger: FastifyBaseLogger): Promise<void> {
  const renamed = await renameBootstrapAdmin(db);
  const seeded = (await countCountries(db)) === 0 ? await seedDemoContent(db) : undefined;
  if (seeded) logger.info(seeded, `Demo data seeded: ${describe(seeded)}`);
  else if (renamed) logger.info('Demo data seeded: bootstrap administrator renamed');
}

async function renameBootstrapAdmin(db: Db): Promise<boolean> {
  const updated = await db
    .updateTable('admins')
    .set({ first_name: 'Олена', last_name: 'Коваленко', username: 'olena.admin', language: 'uk-UA' })
    .where('first_name', '=', 'Admin')
    .where('last_name', '=', 'Pult')
    .executeTakeFirst();
  return Number(updated.numUpdatedRows) > 0;
}

async function seedDemoContent(db: Db): Promise<SeededCounts | undefined> {
  // Hashed once, outside the transaction: argon2 is slow by design and every seeded account shares it.
  const passwordHash = await hashPassword(DEMO_USER_PASSWORD);
  return db.transaction().execute(async (trx) => {
    const reference = await seedReferenceData(trx);
    // Another instance got there first (PostgreSQL with several replicas starting at once).
    if (!reference) return undefined;
    const places = await loadPlaceIds(trx);
    const generator = createPeopleGenerator({ seed: DEMO_SEED, now: new Date() });
    const people = Array.from({ length: DEMO_USER_COUNT }, (_, index) => generator.user(index));
    const users = await insertUsers(trx, people, passwordHash, places);
    await assignDemoGroups(trx);
    await insertDemoAdminGroups(trx);
    const admins = await insertDemoAdmins(trx, passwordHash, places);
    const settings = await insertDemoSettings(trx);
    const emails = await seedNotificationDemo(trx, new Date());
    const auditEntries = await seedAuditDemo(trx, new Date());
    return { ...reference, users, admins, settings, emails, auditEntries };
  });
}

/**
 * All countries and the demo's cities, when the countries table is empty; undefined when it is not.
 * The bulk seed uses it too, so generated users always have places to live in.
 */
export async function seedReferenceData(db: Executor): Promise<SeededCounts | undefined> {
  if ((await countCountries(db)) > 0) return undefined;
  const countries = await db
    .insertInto('countries')
    .values(
      COUNTRIES.map((country) => ({ code: country.code, name_uk: country.nameUk, name_en: country.nameEn })),
    )
    .onConflict((oc) => oc.doNothing())
    .returning(['id', 'code'])
    .execute();
  if (countries.length === 0) return undefined;
  const countryIds = new Map(countries.map((row) => [row.code, row.id]));
  const cityRows = Object.entries(CITIES).flatMap(([code, cities]) => {
    const countryId = countryIds.get(code);
    if (countryId === undefined) return [];
    return cities.map((city) => ({ country_id: countryId, name_uk: city.nameUk, name_en: city.nameEn }));
  });
  const cities = await db
    .insertInto('cities')
    .values(cityRows)
    .onConflict((oc) => oc.doNothing())
    .execute();
  return { countries: countries.length, cities: Number(cities[0]?.numInsertedOrUpdatedRows ?? 0) };
}

async function countCountries(db: Executor): Promise<number> {
  const row = await db
    .selectFrom('countries')
    .select((eb) => eb.fn.countAll<number>().as('count'))
    .executeTakeFirstOrThrow();
  return Number(row.count);
}

/**
 * Some platform users belong to groups, so the storage demo's group-limited bucket (`documents`, for
 * `staff`) has people who may upload to it and people who may not.
 */
async function assignDemoGroups(db: Executor): Promise<void> {
  await sql`update users set groups = case
      when id % 10 = 0 then array['staff', 'editors']
      when id % 5 = 0 then array['staff']
      when id % 7 = 0 then array['editors']
      else groups end
    where id % 5 = 0 or id % 7 = 0`.execute(db);
}

/**
 * Three teams, so access control has something to show: support looks users up and locks abusive
 * accounts; content edits templates and translations (not the delivery configurations); auditors
 * read and export everything, the audit log included, and change nothing — e-mail bodies (which may
 * carry a recovery link until sent) stay hidden from them.
 */
export const DEMO_ADMIN_GROUPS: readonly GroupWrite[] = [
  {
    name: 'support',
    description: 'Support agents: look users up, change their status',
    grants: [
      { resource: 'auth.users', action: 'list', effect: 'allow' },
      { resource: 'auth.users', action: 'read', effect: 'allow' },
      { resource: 'auth.users', action: 'update', effect: 'allow', fields: ['status'] },
      { resource: 'auth.users', action: 'bulk.setStatus', effect: 'allow' },
    ],
  },
  {
    name: 'content',
    description: 'Content editors: e-mail, SMS and push templates and their translations',
    grants: [
      { resource: 'notification.templates', action: '*', effect: 'allow' },
      { resource: 'notification.translations', action: '*', effect: 'allow' },
    ],
  },
  {
    name: 'auditor',
    description: 'Auditors: read and export everything, change nothing',
    grants: [
      { resource: '*', action: 'list', effect: 'allow' },
      { resource: '*', action: 'read', effect: 'allow' },
      { resource: '*', action: 'export', effect: 'allow' },
      {
        resource: 'notification.email-queue',
        action: 'read',
        effect: 'deny',
        fields: ['body_text', 'body_html'],
      },
    ],
  },
];

async function insertDemoAdminGroups(db: Executor): Promise<void> {
  await db
    .insertInto('admin_groups')
    .values(
      DEMO_ADMIN_GROUPS.map((group) => ({
        name: group.name,
        description: group.description ?? '',
        grants: JSON.stringify(group.grants),
      })),
    )
    .onConflict((oc) => oc.column('name').doNothing())
    .execute();
}

/** A support agent, an English-speaking content editor and an auditor, one in each demo group. */
async function insertDemoAdmins(
  db: Executor,
  passwordHash: string,
  places: Awaited<ReturnType<typeof loadPlaceIds>>,
): Promise<number> {
  const result = await db
    .insertInto('admins')
    .values([
      {
        email: 'andrii.melnyk@pult.local',
        username: 'andrii.support',
        first_name: 'Андрій',
        last_name: 'Мельник',
        phone: '+380 67 214 58 31',
        gender: 'male',
        birthday: '1988-04-17',
        about_me: 'Служба підтримки: відповідаю користувачам щодня з 9 до 18.',
        country_id: places.countryId('UA'),
        city_id: places.cityId('UA', 'Lviv'),
        language: 'uk-UA',
        groups: ['support'],
        password_hash: passwordHash,
      },
      {
        email: 'emily.carter@pult.local',
        username: 'emily.content',
        first_name: 'Emily',
        last_name: 'Carter',
        phone: '+44 7700 900123',
        gender: 'female',
        birthday: '1992-09-03',
        about_me: 'Content editor for the English-speaking audience.',
        country_id: places.countryId('GB'),
        city_id: places.cityId('GB', 'London'),
        language: 'en-US',
        groups: ['content'],
        password_hash: passwordHash,
      },
      {
        email: 'olha.bondarenko@pult.local',
        username: 'olha.audit',
        first_name: 'Ольга',
        last_name: 'Бондаренко',
        phone: '+380 50 731 22 90',
        gender: 'female',
        birthday: '1985-12-09',
        about_me: 'Внутрішній аудит: перевіряю, хто що змінював.',
        country_id: places.countryId('UA'),
        city_id: places.cityId('UA', 'Kyiv'),
        language: 'uk-UA',
        groups: ['auditor'],
        password_hash: passwordHash,
      },
    ])
    .onConflict((oc) => oc.doNothing())
    .executeTakeFirst();
  return Number(result.numInsertedOrUpdatedRows ?? 0);
}

async function insertDemoSettings(db: Executor): Promise<number> {
  const result = await db
    .insertInto('settings')
    .values(DEMO_SETTINGS.map((setting) => ({ ...setting, value: JSON.stringify(setting.value) })))
    .onConflict((oc) => oc.column('key').doNothing())
    .executeTakeFirst();
  return Number(result.numInsertedOrUpdatedRows ?? 0);
}

function describe(counts: SeededCounts): string {
  return [
    `${counts.countries} countries`,
    `${counts.cities} cities`,
    `${counts.users ?? 0} users`,
    `${counts.admins ?? 0} administrators`,
    `${counts.settings ?? 0} settings`,
    `${counts.emails ?? 0} queued e-mails`,
    `${counts.auditEntries ?? 0} audit log entries`,
  ].join(', ');
}
