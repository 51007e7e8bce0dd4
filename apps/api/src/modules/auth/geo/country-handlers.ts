import { type Country, type CountryWrite, countriesResource } from '@pult/contract';
import type { Selectable } from 'kysely';
import { sql } from 'kysely';
import type { Db } from '../../../db/database.js';
import { errors } from '../../../http/app-error.js';
import type { Clock } from '../../../lib/clock.js';
import type { RecordHandlers } from '../../../resources/crud-routes.js';
import { type ConstraintFields, withConstraintErrors } from '../../../resources/db-errors.js';
import { type ListColumn, type ListSource, runList } from '../../../resources/list-sql.js';
import type { CountriesTable } from '../tables.js';

type CountryRow = Selectable<CountriesTable>;

const CONSTRAINTS: ConstraintFields = { countries_code_key: { code: 'codeTaken' } };
const column = (name: string, kind: ListColumn['kind']): ListColumn => ({ sql: sql.ref(name), kind });

const source: ListSource<CountryRow, Country> = {
  descriptor: countriesResource,
  table: 'countries',
  alias: 'countries',
  select: sql`countries.*`,
  columns: {
    id: column('id', 'integer'),
    code: column('code', 'text'),
    name_uk: column('name_uk', 'text'),
    name_en: column('name_en', 'text'),
    created_at: column('created_at', 'timestamp'),
  },
  key: 'id',
  toItem: toCountry,
};

/** Both stamps from the service's clock, so created and updated times compare in one time base. */
export function timestamps(now: Date) {
  return { created_at: now, updated_at: now };
}

export function toCountry(row: CountryRow): Country {
  return { ...row, created_at: row.created_at.toISOString(), updated_at: row.updated_at.toISOString() };
}

/** Countries: ISO code unique; one that cities or people still refer to cannot be deleted. */
export function createCountryHandlers(
  db: Db,
  clock: Clock,
): RecordHandlers<number, Country, CountryWrite, CountryWrite> {
  const find = async (id: number) => {
    const row = await db.selectFrom('countries').selectAll().where('id', '=', id).executeTakeFirst();
    return row && toCountry(row);
  };
  return {
    list: (request) => runList(db, source, request),
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
    update: (id, body) =>
      withConstraintErrors(CONSTRAINTS, async () => {
        const row = await db
          .updateTable('countries')
          .set({ ...body, updated_at: clock() })
          .where('id', '=', id)
          .returningAll()
          .executeTakeFirst();
        return row && toCountry(row);
      }),
    remove: async (id) => {
      const existing = await find(id);
      if (!existing) return undefined;
      if (await isReferenced(db, id)) throw errors.unprocessable('countryInUse');
      await db.deleteFrom('countries').where('id', '=', id).execute();
      return existing;
    },
  };
}

async function isReferenced(db: Db, countryId: number): Promise<boolean> {
  const { rows } = await sql<{ used: boolean }>`select
    exists (select 1 from cities where country_id = ${countryId})
    or exists (select 1 from users where country_id = ${countryId})
    or exists (select 1 from admins where country_id = ${countryId}) as used`.execute(db);
  return rows[0]?.used === true;
}
