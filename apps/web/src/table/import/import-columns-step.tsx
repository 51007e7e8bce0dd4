import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormLabel from '@mui/material/FormLabel';
import MenuItem from '@mui/material/MenuItem';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { IMPORT_CONFLICTS, type ImportConflict } from '@pult/contract';
import { useTranslation } from '../../i18n/use-translation';
import { formatBytes } from '../format-bytes';
import { useLabelText } from '../use-label-text';
import { ImportRowsChoice } from './import-report-parts';
import type { ImportWizard } from './use-import-wizard';

const NOT_IMPORTED = '';

/** Step 2: which field each column of the file fills (pre-filled), and what to do with conflicts. */
export function ImportColumnsStep({ wizard, keyFields }: { wizard: ImportWizard; keyFields: string[] }) {
  const { t, i18n } = useTranslation();
  const labelText = useLabelText();
  const { picked } = wizard;
  if (!picked) return null;
  // Locked while the file is checked: a change then would leave a preview of what is no longer asked.
  const locked = wizard.busy !== null;
  const labelOf = (name: string) => {
    const field = wizard.fields.find((known) => known.name === name);
    return field ? labelText(field.label) : name;
  };
  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', gap: 2 }}>
      <Typography variant="body2" color="text.secondary">
        {t('tableTools.import.fileLine', {
          name: picked.file.name,
          size: formatBytes(picked.file.size, i18n.language),
        })}
        {keyFields.length > 0 &&
          ` · ${t('tableTools.import.keyNote', { fields: keyFields.map(labelOf).join(', ') })}`}
      </Typography>
      {wizard.missing.map((key) => (
        <Alert key={key} severity="warning">
          {t('tableTools.import.keyMissing', { field: labelOf(key) })}
        </Alert>
      ))}
      <Box
        role="table"
        aria-label={t('tableTools.import.steps.columns')}
        sx={{
          display: 'grid',
          gridTemplateColumns: { xs: 'minmax(0,1fr)', sm: 'minmax(0,1fr) minmax(0,1fr) 240px' },
        }}
      >
        <Box role="row" sx={{ display: { xs: 'none', sm: 'contents' } }}>
          {(['columnInFile', 'sample', 'field'] as const).map((key) => (
            <Typography
              key={key}
              role="columnheader"
              variant="subtitle2"
              sx={{ py: 1, px: 1, borderBottom: 1, borderColor: 'divider' }}
            >
              {t(`tableTools.import.${key}`)}
            </Typography>
          ))}
        </Box>
        {picked.head.header.map((column, index) => {
          const sample = picked.head.rows
            .map((row) => row[index] ?? '')
            .filter((cell) => cell !== '')
            .slice(0, 2)
            .join(', ');
          return (
            <Box
              // Columns of one file keep their order: the index is their identity.
              // biome-ignore lint/suspicious/noArrayIndexKey: see above
              key={index}
              role="row"
              sx={{
                display: { xs: 'flex', sm: 'contents' },
                flexDirection: 'column',
                gap: 0.5,
                py: { xs: 1.5, sm: 0 },
                borderBottom: { xs: 1, sm: 0 },
                borderColor: 'divider',
              }}
            >
              <Typography
                role="cell"
                id={`import-column-${index}`}
                sx={{ px: 1, py: { sm: 1.5 }, fontWeight: 500, overflowWrap: 'anywhere' }}
              >
                {column.trim() === '' ? `#${index + 1}` : column}
              </Typography>
              <Typography
                role="cell"
                variant="body2"
                color="text.secondary"
                noWrap
                title={sample}
                sx={{ px: 1, py: { sm: 1.5 } }}
              >
                {sample || t('common.none')}
              </Typography>
              <Box role="cell" sx={{ px: 1, py: { sm: 0.75 } }}>
                <TextField
                  select
                  size="small"
                  fullWidth
                  disabled={locked}
                  label={t('tableTools.import.field')}
                  value={wizard.mapping[index] ?? NOT_IMPORTED}
                  onChange={(event) =>
                    wizard.map(index, event.target.value === NOT_IMPORTED ? null : event.target.value)
                  }
                  id={`import-field-${index}`}
                  // Named "Field <column>": every row's select has the same visible label.
                  slotProps={{
                    // "Do not import" is a choice like the others: shown, not left as an empty box.
                    inputLabel: { shrink: true },
                    select: {
                      displayEmpty: true,
                      SelectDisplayProps: {
                        'aria-labelledby': `import-field-${index}-label import-column-${index}`,
                      },
                    },
                  }}
                >
                  <MenuItem value={NOT_IMPORTED}>
                    <em>{t('tableTools.import.notImported')}</em>
                  </MenuItem>
                  {wizard.fields.map((field) => (
                    <MenuItem key={field.name} value={field.name}>
                      {labelText(field.label)}
                    </MenuItem>
                  ))}
                </TextField>
              </Box>
            </Box>
          );
        })}
      </Box>
      <Box sx={{ display: 'flex', gap: { xs: 2, sm: 6 }, flexWrap: 'wrap' }}>
        <FormControl disabled={locked}>
          <FormLabel id="import-conflict">{t('tableTools.import.onConflict.label')}</FormLabel>
          <RadioGroup
            aria-labelledby="import-conflict"
            value={wizard.options.onConflict}
            onChange={(event) => wizard.setOptions({ onConflict: event.target.value as ImportConflict })}
          >
            {IMPORT_CONFLICTS.map((value) => (
              <FormControlLabel
                key={value}
                value={value}
                control={<Radio size="small" />}
                label={t(`tableTools.import.onConflict.${value}`)}
              />
            ))}
          </RadioGroup>
        </FormControl>
        <ImportRowsChoice
          id="import-rows"
          value={wizard.options.rows}
          onChange={(rows) => wizard.setOptions({ rows })}
          disabled={locked}
        />
      </Box>
    </Box>
  );
}
