import type { Executor } from '../../../db/database.js';
import type { ReferenceIndex } from '../../../resources/import/import-cells.js';
import type { RowCheck } from '../../../resources/import/import-target.js';

const normal = (text: string) => text.trim().toLocaleLowerCase('uk-UA');

/**
 * Countries by the names an export writes (Ukrainian or English) and by ISO code, for an imported
 * row's country cell. Loaded whole once per import: a few hundred rows.
 */
export async function countryReferences(executor: Executor): Promise<ReferenceIndex> {
  const rows = await executor.selectFrom('countries').select(['id', 'code', 'name_uk', 'name_en']).execute();
  const byName = new Map<string, number>();
  for (const row of rows)
    for (const name of [row.code, row.name_uk, row.name_en]) byName.set(normal(name), row.id);
  return (text) => byName.get(normal(text));
}

/**
 * Cities by name (either language); a name several countries share is read as the row's country's
 * city when the row names a country, else as the first one.
 */
export async function cityReferences(executor: Executor): Promise<ReferenceIndex> {
  const rows = await executor
    .selectFrom('cities')
    .select(['id', 'country_id', 'name_uk', 'name_en'])
    .orderBy('id')
    .execute();
  const byName = new Map<string, { id: number; country_id: number }[]>();
  for (const row of rows) {
    for (const name of new Set([normal(row.name_uk), normal(row.name_en)])) {
      byName.set(name, [...(byName.get(name) ?? []), { id: row.id, country_id: row.country_id }]);
    }
  }
  return (text, row) => {
    const cities = byName.get(normal(text)) ?? [];
    const country = typeof row.country_id === 'number' ? row.country_id : undefined;
    return (cities.find((city) => city.country_id === country) ?? cities[0])?.id;
  };
}

/**
 * A person's place as the form's server checks it (`resolvePlace`): the city must exist and be in
 * the row's country, and a city alone implies its country.
 */
export async function placeCheck(executor: Executor): Promise<RowCheck> {
  const cities = new Map(
    (await executor.selectFrom('cities').select(['id', 'country_id']).execute()).map((row) => [
      row.id,
      row.country_id,
    ]),
  );
  const countries = new Set(
    (await executor.selectFrom('countries').select('id').execute()).map((row) => row.id),
  );
  return (values) => {
    const countryId = typeof values.country_id === 'number' ? values.country_id : null;
    const cityId = typeof values.city_id === 'number' ? values.city_id : null;
    if (cityId !== null) {
      const cityCountry = cities.get(cityId);
      if (cityCountry === undefined) return { field: 'city_id', fault: 'cityNotFound' };
      if (countryId !== null && countryId !== cityCountry)
        return { field: 'city_id', fault: 'cityNotInCountry' };
      return { values: { ...values, country_id: cityCountry } };
    }
    if (countryId !== null && !countries.has(countryId))
      return { field: 'country_id', fault: 'countryNotFound' };
    return { values };
  };
}
