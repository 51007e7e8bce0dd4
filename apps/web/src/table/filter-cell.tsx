import type { FieldDescriptor } from '@pult/contract';
import { useTranslation } from '../i18n/use-translation';
import { DateFilterInput } from './date-filter-input';
import { draftErrorText } from './draft-error-text';
import { lookupFilterParams } from './filter-dependencies';
import { FilterTextField } from './filter-text-field';
import { LookupFilter, OptionsFilter } from './select-filter';
import { useFilterDraft } from './use-filter-draft';

export interface FilterCellProps {
  field: FieldDescriptor;
  /** The column's translated label. */
  label: string;
  value: string;
  /** All filters of the table, for lookups that depend on another one. */
  filters: Readonly<Record<string, string>>;
  onChange: (value: string) => void;
  /** The server's 422 text for this filter. */
  serverError?: string;
}

/** The filter input of one column, by its filter type; nothing for a column without a filter. */
export function FilterCell(props: FilterCellProps) {
  const { field, filters, ...rest } = props;
  const filter = field.filter;
  if (!filter) return null;
  switch (filter.type) {
    case 'text':
    case 'number':
      return <TypedFilter {...props} />;
    case 'date':
      return <DateFilterInput field={field} {...rest} />;
    case 'select': {
      if ('options' in filter) return <OptionsFilter options={filter.options} {...rest} />;
      // Narrowed by the filter it depends on (cities by the chosen country), as the forms narrow it.
      const params = lookupFilterParams(field, filters);
      // Keyed by the parameters so a narrowed list is fetched afresh rather than reusing "opened".
      return <LookupFilter key={JSON.stringify(params)} lookup={filter.lookup} params={params} {...rest} />;
    }
  }
}

/** Text (contains) and number (equals): debounced, and a non-integer number is not applied. */
function TypedFilter({ field, label, value, onChange, serverError }: FilterCellProps) {
  const { t } = useTranslation();
  const filter = useFilterDraft(field, value, onChange);
  const isNumber = field.filter?.type === 'number';
  return (
    <FilterTextField
      label={t('table.filterBy', { label })}
      value={filter.draft}
      onChange={filter.change}
      onEnter={filter.flush}
      error={filter.error ? draftErrorText(t, filter.error, value) : serverError}
      inputMode={isNumber ? 'numeric' : 'text'}
      minWidth={isNumber ? 72 : 120}
    />
  );
}
