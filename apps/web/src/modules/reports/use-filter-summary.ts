import type { ReportId } from '@pult/contract';
import { useTranslation } from 'react-i18next';
import { useLookup } from '../../resources/use-lookup';
import { FILTERS } from './report-filter-selects';
import { countryOptions } from './report-params';

/**
 * The report's filters as the toolbar shows them ("Language: English"), for the printed page, where
 * the toolbar is not: a filter left at "All" is not named, one with a default shows it.
 */
export function useFilterSummary(report: ReportId, filters: Record<string, string>): string[] {
  const { t } = useTranslation();
  const countries = useLookup('countries', {}, report === 'users');
  const summary: string[] = [];
  for (const filter of FILTERS[report]) {
    const value = filters[filter.name] ?? (filter.any ? '' : (filter.options[0]?.value ?? ''));
    const option = filter.options.find((candidate) => candidate.value === value);
    if (option) summary.push(`${t(filter.label)}: ${t(option.label)}`);
  }
  const country = filters.country ?? '';
  if (report === 'users' && country !== '') {
    const name = countryOptions(country, countries.options).find((option) => option.value === country);
    summary.push(`${t('reports.filters.country')}: ${name?.label ?? country}`);
  }
  return summary;
}
