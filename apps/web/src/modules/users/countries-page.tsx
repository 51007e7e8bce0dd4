import { countriesResource, countryForm } from '@pult/contract';
import { GeoListPage } from './geo-list-page';

/** Route `/auth/countries`. */
export default function CountriesPage() {
  return (
    <GeoListPage
      resource={countriesResource}
      form={countryForm}
      titleKey="menu.items.authCountries"
      ns="countries"
    />
  );
}
