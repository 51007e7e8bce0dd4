import InputAdornment from '@mui/material/InputAdornment';
import type { FieldDescriptor } from '@pult/contract';
import { useTranslation } from '../i18n/use-translation';
import { DateRangePicker } from './date-range-picker';
import { draftErrorText } from './draft-error-text';
import { FilterTextField } from './filter-text-field';
import { useFilterDraft } from './use-filter-draft';

export interface DateFilterInputProps {
  field: FieldDescriptor;
  /** The column's translated label. */
  label: string;
  value: string;
  onChange: (value: string) => void;
  serverError?: string;
}

/**
 * A date filter (spec §5): typed as `YYYY-MM-DD` or `YYYY-MM-DD,YYYY-MM-DD`, or picked as a range.
 * A value that does not fit shows the format under the input and is not applied. On a timestamp
 * column the days are UTC days (the server's rule), which the input says, as the cells do.
 */
export function DateFilterInput({ field, label, value, onChange, serverError }: DateFilterInputProps) {
  const { t } = useTranslation();
  const filter = useFilterDraft(field, value, onChange);
  const utc = field.display.kind === 'datetime';
  return (
    <FilterTextField
      label={t('table.filterBy', { label })}
      value={filter.draft}
      onChange={filter.change}
      onEnter={filter.flush}
      error={filter.error ? draftErrorText(t, filter.error, value) : serverError}
      placeholder={utc ? t('table.datePlaceholderUtc') : t('table.datePlaceholder')}
      minWidth={170}
      endAdornment={
        <InputAdornment position="end">
          <DateRangePicker label={label} value={value} onApply={filter.apply} utc={utc} />
        </InputAdornment>
      }
    />
  );
}
