import { type Country, type CountryWrite, countriesResource, type Locale } from '@pult/contract';
import type { Selectable } from 'kysely';
import { sql } from 'kysely';
import type { Db } from '../../../db/database.js';
import type { Clock } from '../../../lib/clock.js';
import type { RecordHandlers } from '../../../resources/crud-routes.js';
import { type ConstraintFields, withConstraintErrors } from '../../../resources/db-errors.js';
import { walkList } from '../../../resources/export/list-walk.js';
import { type ListColumn, type ListSource, runList } from '../../../resources/list-sql.js';
import { recordVersions } from '../../../resources/record-version.js';
import { writeInScope } from '../../../resources/scoped-write.js';
import type { TextOrder } from '../../../resources/text-order.js';
import { timestamps } from '../../../resources/timestamps.js';
import type { CountriesTable } from '../tables.js';

type CountryRow = Selectable<CountriesTable>;

const CONSTRAINTS: ConstraintFields = {
  countries_code_key: { code: 'codeTaken' },
  // Deleting a country that cities or people still refer to.
  cities_country_id_fkey: 'countryInUse',
  users_country_id_fkey: 'countryInUse',
  admins_country_id_fkey: 'countryInUse',
};
const column = (name: string, kind: ListColumn['kind']): ListColumn => ({ sql: sql.ref(name), kind });

/** Names sort in the reader's alphabet (countries by their Ukrainian name in Ukrainian). */
const nameColumn = (name: string, order: TextOrder, locale: Locale): ListColumn => ({
  ...column(name, 'text'),
  order: order(sql.ref(name), locale),
});

const source = (order: TextOrder, locale: Locale): ListSource<CountryRow, Country> => ({
  descriptor: countriesResource,
  locale,
  table: 'countries',
  alias: 'countries',
  select: sql`countries.*`,
  columns: {
    id: column('id', 'integer'),
    code: column('code', 'text'),
    name_uk: nameColumn('name_uk', order, locale),
    name_en: nameColumn('name_en', order, locale),
    created_at: column('created_at', 'timestamp'),
  },
  key: 'id',
  toItem: toCountry,
});

export function toCountry(row: CountryRow): Country {
  return { ...row, created_at: row.created_at.toISOString(), updated_at: row.updated_at.toISOString() };
}

/** Countries: ISO code unique; one that cities or people still refer to cannot be deleted. */
export function createCountryHandlers(
  db: Db,
  clock: Clock,
  order: TextOrder,
): RecordHandlers<number, Country, CountryWrite, CountryWrite> {
  const find = async (id: number) => {
    const row = await db.selectFrom('countries').selectAll().where('id', '=', id).executeTakeFirst();
    return row && toCountry(row);
  };
  return {
    list: (request, context) => runList(db, source(order, context.locale), request),
    versions: recordVersions(db, { table: 'countries', key: 'id' }),
    exportRows: (request, context) => walkList(db, source(order, context.locale), request),
    get: find,
    create: (body) =>
      withConstraintErrors(CONSTRAINTS, async () =>
        toCountry(
          await db
            .insertInto('countries')
            .values({ ...body, ...timestamps(clock()) })
            .returningAll()
            .executeTakeFirstOrThrow(),
        ),
      ),
    update: (id, body, context) =>
      withConstraintErrors(CONSTRAINTS, () =>
        writeInScope(db, source(order, context.locale), id, context, async (executor) => {
          const row = await executor
            .updateTable('countries')
            .set({ ...body, updated_at: clock() })
            .where('id', '=', id)
            .returningAll()
            .executeTakeFirst();
          return row && toCountry(row);
        }),
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
            const row = await executor
              .deleteFrom('countries')
              .where('id', '=', id)
              .returningAll()
              .executeTakeFirst();
            return row && toCountry(row);
          },
          { staysInScope: false },
        ),
      ),
  };
}
