import { type City, type CityWrite, citiesResource, type Locale } from '@pult/contract';
import { sql } from 'kysely';
import type { Db, Executor } from '../../../db/database.js';
import type { Clock } from '../../../lib/clock.js';
import type { RecordHandlers } from '../../../resources/crud-routes.js';
import { type ConstraintFields, withConstraintErrors } from '../../../resources/db-errors.js';
import { walkList } from '../../../resources/export/list-walk.js';
import { type ListColumn, type ListSource, runList } from '../../../resources/list-sql.js';
import { recordVersions } from '../../../resources/record-version.js';
import { transact, writeInScope } from '../../../resources/scoped-write.js';
import type { TextOrder } from '../../../resources/text-order.js';
import { timestamps } from '../../../resources/timestamps.js';
import { nameColumn } from './names.js';

interface CityRow {
  id: number;
  country_id: number;
  country_name: string;
  name_uk: string;
  name_en: string;
  created_at: Date;
  updated_at: Date;
}

const CONSTRAINTS: ConstraintFields = {
  cities_country_name_en_key: { name_en: 'nameTaken' },
  cities_country_name_uk_key: { name_uk: 'nameTaken' },
  cities_country_id_fkey: { country_id: 'countryNotFound' },
  // Deleting a city that people still live in.
  users_city_id_fkey: 'cityInUse',
  admins_city_id_fkey: 'cityInUse',
};
const column = (name: string, kind: ListColumn['kind']): ListColumn => ({ sql: sql.ref(`ci.${name}`), kind });
const COUNTRY_JOIN = sql`join countries c on c.id = ci.country_id`;
const FROM = sql`cities ci ${COUNTRY_JOIN}`;
const select = (locale: Locale) => sql`ci.*, ${nameColumn('c', locale)} as country_name`;

/** Names sort in the reader's alphabet. */
const nameOf = (name: string, order: TextOrder, locale: Locale): ListColumn => ({
  ...column(name, 'text'),
  order: order(sql.ref(`ci.${name}`), locale),
});

function source(order: TextOrder, locale: Locale): ListSource<CityRow, City> {
  return {
    descriptor: citiesResource,
    locale,
    table: 'cities',
    alias: 'ci',
    joins: COUNTRY_JOIN,
    select: select(locale),
    columns: {
      id: column('id', 'integer'),
      name_uk: nameOf('name_uk', order, locale),
      name_en: nameOf('name_en', order, locale),
      country_id: column('country_id', 'integer'),
      created_at: column('created_at', 'timestamp'),
    },
    key: 'id',
    toItem: toCity,
  };
}

function toCity(row: CityRow): City {
  return { ...row, created_at: row.created_at.toISOString(), updated_at: row.updated_at.toISOString() };
}

/** Cities: each belongs to a country; names are unique within it; one people live in cannot be deleted. */
export function createCityHandlers(
  db: Db,
  clock: Clock,
  order: TextOrder,
): RecordHandlers<number, City, CityWrite, CityWrite> {
  async function find(executor: Executor, id: number, locale: Locale) {
    const { rows } = await sql<CityRow>`select ${select(locale)} from ${FROM} where ci.id = ${id}`.execute(
      executor,
    );
    return rows[0] && toCity(rows[0]);
  }
  return {
    list: (request, context) => runList(db, source(order, context.locale), request),
    versions: recordVersions(db, { table: 'cities', key: 'id' }),
    exportRows: (request, context) => walkList(db, source(order, context.locale), request),
    get: (id, context) => find(db, id, context.locale),
    create: (body, context) =>
      withConstraintErrors(CONSTRAINTS, async () => {
        const row = await db
          .insertInto('cities')
          .values({ ...body, ...timestamps(clock()) })
          .returning('id')
          .executeTakeFirstOrThrow();
        return (await find(db, row.id, context.locale)) as City;
      }),
    update: (id, body, context) =>
      withConstraintErrors(CONSTRAINTS, () =>
        writeInScope(db, source(order, context.locale), id, context, (executor) =>
          transact(executor, async (trx) => {
            const row = await trx
              .updateTable('cities')
              .set({ ...body, updated_at: clock() })
              .where('id', '=', id)
              .returning('id')
              .executeTakeFirst();
            if (!row) return undefined;
            // A city moved to another country (a correction) takes its people along, so a person's
            // country and city never disagree.
            for (const table of ['users', 'admins'] as const) {
              await trx
                .updateTable(table)
                .set({ country_id: body.country_id })
                .where('city_id', '=', id)
                .where('country_id', '!=', body.country_id)
                .execute();
            }
            return find(trx, id, context.locale);
          }),
        ),
      ),
    remove: (id, context) =>
      // The foreign keys decide "in use", so a person assigned meanwhile cannot slip between a check and the delete.
      withConstraintErrors(CONSTRAINTS, () =>
        writeInScope(
          db,
          source(order, context.locale),
          id,
          context,
          async (executor) => {
            const existing = await find(executor, id, context.locale);
            if (!existing) return undefined;
            await executor.deleteFrom('cities').where('id', '=', id).execute();
            return existing;
          },
          { staysInScope: false },
        ),
      ),
  };
}
