import type { ReportId } from '@pult/contract';
import { useTranslation } from '../../i18n/use-translation';
import { useLookup } from '../../resources/use-lookup';
import { FILTERS, LOOKUP_FILTERS } from './report-filter-selects';
import { lookupOptions } from './report-params';

/**
 * The report's filters as the toolbar shows them ("Language: English"), for the printed page, where
 * the toolbar is not: a filter left at "All" is not named, one with a default shows it.
 */
export function useFilterSummary(report: ReportId, filters: Record<string, string>): string[] {
  const { t } = useTranslation();
  const lookupFilter = LOOKUP_FILTERS[report];
  const records = useLookup(lookupFilter?.lookup ?? 'countries', {}, lookupFilter !== undefined);
  const summary: string[] = [];
  for (const filter of FILTERS[report]) {
    const value = filters[filter.name] ?? (filter.any ? '' : (filter.options[0]?.value ?? ''));
    const option = filter.options.find((candidate) => candidate.value === value);
    if (option) summary.push(`${t(filter.label)}: ${t(option.label)}`);
  }
  const chosen = lookupFilter ? (filters[lookupFilter.name] ?? '') : '';
  if (lookupFilter && chosen !== '') {
    const name = lookupOptions(chosen, records.options).find((option) => option.value === chosen);
    summary.push(`${t(lookupFilter.label)}: ${name?.label ?? chosen}`);
  }
  return summary;
}
