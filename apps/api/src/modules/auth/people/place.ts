import type { Executor } from '../../../db/database.js';
import { errors } from '../../../http/app-error.js';

/**
 * Where a person lives: a city implies its country, and a country and city given together must
 * agree. Returns the pair to store.
 */
export async function resolvePlace(
  executor: Executor,
  countryId: number | null | undefined,
  cityId: number | null | undefined,
): Promise<{ country_id: number | null; city_id: number | null }> {
  if (cityId) {
    const city = await executor
      .selectFrom('cities')
      .select('country_id')
      .where('id', '=', cityId)
      .executeTakeFirst();
    if (!city) throw errors.fields({ city_id: 'cityNotFound' });
    if (countryId && countryId !== city.country_id) throw errors.fields({ city_id: 'cityNotInCountry' });
    return { country_id: city.country_id, city_id: cityId };
  }
  if (countryId) {
    const country = await executor
      .selectFrom('countries')
      .select('id')
      .where('id', '=', countryId)
      .executeTakeFirst();
    if (!country) throw errors.fields({ country_id: 'countryNotFound' });
  }
  return { country_id: countryId ?? null, city_id: null };
}
