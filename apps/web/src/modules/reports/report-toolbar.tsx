import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { parseDateFilter, REPORT_GROUPS, REPORT_PRESETS, type ReportId } from '@pult/contract';
import { useTranslation } from '../../i18n/use-translation';
import { DateRangePicker } from '../../table/date-range-picker';
import { ReportFilters } from './report-filters';
import { choiceWithGroup, choiceWithPreset, type ReportChoice } from './report-params';

export interface ReportToolbarProps {
  report: ReportId;
  choice: ReportChoice;
  /** The dates the server resolved the period to: where a custom range starts from. */
  resolved: { from: string; to: string } | undefined;
  onChange: (choice: ReportChoice) => void;
}

/** Period (a preset or custom dates), grouping and the report's own filters. */
export function ReportToolbar({ report, choice, resolved, onChange }: ReportToolbarProps) {
  const { t } = useTranslation();
  return (
    <Stack direction="row" sx={{ flexWrap: 'wrap', gap: 2, alignItems: 'center', mb: 3 }}>
      <TextField
        select
        size="small"
        label={t('reports.period')}
        value={choice.preset}
        onChange={(event) => onChange(choiceWithPreset(choice, event.target.value, resolved))}
        sx={{ minWidth: 190 }}
      >
        {[...REPORT_PRESETS, 'custom' as const].map((preset) => (
          <MenuItem key={preset} value={preset}>
            {t(`reports.presets.${preset}`)}
          </MenuItem>
        ))}
      </TextField>
      {choice.preset === 'custom' && (
        <DateRangePicker
          label={t('reports.dates')}
          value={choice.from && choice.to ? `${choice.from},${choice.to}` : ''}
          onApply={(value) => {
            const range = parseDateFilter(value);
            if (range) onChange({ ...choice, preset: 'custom', from: range.from, to: range.to });
          }}
        />
      )}
      <TextField
        select
        size="small"
        label={t('reports.group')}
        value={choice.group}
        onChange={(event) => onChange(choiceWithGroup(choice, event.target.value))}
        sx={{ minWidth: 160 }}
      >
        {REPORT_GROUPS.map((group) => (
          <MenuItem key={group} value={group}>
            {t(`reports.groups.${group}`)}
          </MenuItem>
        ))}
      </TextField>
      <ReportFilters
        report={report}
        filters={choice.filters}
        onChange={(name, value) => onChange({ ...choice, filters: { ...choice.filters, [name]: value } })}
      />
    </Stack>
  );
}
