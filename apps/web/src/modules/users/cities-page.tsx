import { citiesResource, cityForm } from '@pult/contract';
import { GeoListPage } from './geo-list-page';

/** Route `/auth/cities`: each city belongs to a country, chosen from a searchable list. */
export default function CitiesPage() {
  return (
    <GeoListPage resource={citiesResource} form={cityForm} titleKey="menu.items.authCities" ns="cities" />
  );
}
