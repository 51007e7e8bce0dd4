import AddIcon from '@mui/icons-material/Add';
import DeleteOutlinedIcon from '@mui/icons-material/DeleteOutlined';
import Autocomplete from '@mui/material/Autocomplete';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import { ACTOR_GROUPS, type CatalogueField } from '@pult/contract';
import { useTranslation } from '../../../i18n/use-translation';
import { useCatalogueLabels } from '../catalogue-labels';
import { actorValuesFor, type ConditionOperator, type ConditionRow, operatorsFor } from './grant-condition';

export interface ConditionRowsProps {
  fields: readonly CatalogueField[];
  rows: readonly ConditionRow[];
  onChange: (rows: ConditionRow[]) => void;
  disabled?: boolean;
}

/** A grant's condition: rows of field, operator and value; every row must hold. */
export function ConditionRows({ fields, rows, onChange, disabled = false }: ConditionRowsProps) {
  const { t } = useTranslation();
  const labels = useCatalogueLabels();
  const change = (index: number, row: ConditionRow) =>
    onChange(rows.map((item, at) => (at === index ? row : item)));
  const add = () => onChange([...rows, { field: '', operator: 'eq', value: '' }]);
  const remove = (index: number) => onChange(rows.filter((_row, at) => at !== index));

  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', gap: 1.5 }}>
      {rows.map((row, index) => {
        const field = fields.find((item) => item.name === row.field);
        const operators = operatorsFor(field?.kind);
        const fieldLabel = field ? labels.field(field) : row.field;
        return (
          // Rows have no identity of their own; their position is what the server's errors name too.
          // biome-ignore lint/suspicious/noArrayIndexKey: see above
          <Box key={index} sx={{ display: 'flex', gap: 1, alignItems: 'flex-start', flexWrap: 'wrap' }}>
            <TextField
              select
              size="small"
              label={t('groups.detail.field')}
              value={row.field}
              disabled={disabled}
              onChange={(event) => {
                const next = fields.find((item) => item.name === event.target.value);
                const allowed = operatorsFor(next?.kind);
                const operator = allowed.includes(row.operator) ? row.operator : (allowed[0] ?? 'eq');
                change(index, { ...row, field: event.target.value, operator });
              }}
              sx={{ minWidth: 200 }}
            >
              {/* A stored field the catalogue no longer lists stays visible, for the server to judge. */}
              {!field && row.field !== '' && <MenuItem value={row.field}>{row.field}</MenuItem>}
              {fields.map((item) => (
                <MenuItem key={item.name} value={item.name}>
                  {labels.field(item)}
                </MenuItem>
              ))}
            </TextField>
            <TextField
              select
              size="small"
              label={t('groups.detail.operator')}
              value={operators.includes(row.operator) ? row.operator : ''}
              disabled={disabled || operators.length === 0}
              onChange={(event) =>
                change(index, { ...row, operator: event.target.value as ConditionOperator })
              }
              sx={{ minWidth: 150 }}
            >
              {operators.map((operator) => (
                <MenuItem key={operator} value={operator}>
                  {t(`groups.detail.operators.${operator}`)}
                </MenuItem>
              ))}
            </TextField>
            <ValueInput
              row={row}
              kindOf={field?.kind}
              disabled={disabled}
              onChange={(value) => change(index, { ...row, value })}
            />
            <IconButton
              aria-label={t('groups.detail.removeCondition', { field: fieldLabel || '…' })}
              disabled={disabled}
              onClick={() => remove(index)}
              sx={{ mt: 0.25 }}
            >
              <DeleteOutlinedIcon fontSize="small" />
            </IconButton>
          </Box>
        );
      })}
      <Box>
        <Button size="small" startIcon={<AddIcon />} onClick={add} disabled={disabled}>
          {t('groups.detail.addCondition')}
        </Button>
      </Box>
    </Box>
  );
}

interface ValueInputProps {
  row: ConditionRow;
  kindOf: CatalogueField['kind'] | undefined;
  disabled: boolean;
  onChange: (value: string) => void;
}

/** The value: yes/no for "is empty", else text with the acting admin's own values on offer. */
function ValueInput({ row, kindOf, disabled, onChange }: ValueInputProps) {
  const { t } = useTranslation();
  const label = t('groups.detail.value');
  if (row.operator === 'null') {
    return (
      <TextField
        select
        size="small"
        label={label}
        value={row.value === 'false' ? 'false' : 'true'}
        disabled={disabled}
        onChange={(event) => onChange(event.target.value)}
        sx={{ minWidth: 180 }}
      >
        <MenuItem value="true">{t('groups.detail.nullValues.true')}</MenuItem>
        <MenuItem value="false">{t('groups.detail.nullValues.false')}</MenuItem>
      </TextField>
    );
  }
  const actorOptions = actorValuesFor(kindOf, row.operator);
  const actorLabel = (value: string) =>
    value === ACTOR_GROUPS ? t('groups.detail.actor.groups') : t('groups.detail.actor.id');
  return (
    <Autocomplete
      freeSolo
      disableClearable
      size="small"
      options={actorOptions}
      inputValue={row.value}
      onInputChange={(_event, value) => onChange(value)}
      disabled={disabled}
      renderOption={(props, option) => (
        <li {...props} key={option}>
          {actorLabel(option)} ({option})
        </li>
      )}
      renderInput={(params) => (
        <TextField
          {...params}
          label={label}
          helperText={row.operator === 'in' ? t('groups.detail.inHint') : undefined}
        />
      )}
      sx={{ minWidth: 220, flexGrow: 1, maxWidth: 360 }}
    />
  );
}
