import ArrowDownwardIcon from '@mui/icons-material/ArrowDownward';
import ArrowUpwardIcon from '@mui/icons-material/ArrowUpward';
import ViewColumnIcon from '@mui/icons-material/ViewColumn';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import IconButton from '@mui/material/IconButton';
import Popover from '@mui/material/Popover';
import Stack from '@mui/material/Stack';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import { useId, useState } from 'react';
import { useTranslation } from '../i18n/use-translation';
import type { ColumnPrefsState } from './use-column-prefs';
import { useLabelText } from './use-label-text';

/** The table's "Columns" button: show, hide and reorder columns (remembered per resource). */
export function ColumnPicker({ columns }: { columns: ColumnPrefsState }) {
  const { t } = useTranslation();
  const labelText = useLabelText();
  const titleId = useId();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const last = columns.choices.length - 1;
  return (
    <>
      <Tooltip title={t('table.columns.title')}>
        <IconButton
          size="small"
          aria-label={t('table.columns.title')}
          aria-haspopup="dialog"
          aria-expanded={anchor ? 'true' : undefined}
          onClick={(event) => setAnchor(event.currentTarget)}
        >
          <ViewColumnIcon fontSize="small" />
        </IconButton>
      </Tooltip>
      <Popover
        open={anchor !== null}
        anchorEl={anchor}
        onClose={() => setAnchor(null)}
        anchorOrigin={{ vertical: 'bottom', horizontal: 'right' }}
        transformOrigin={{ vertical: 'top', horizontal: 'right' }}
        slotProps={{ paper: { role: 'dialog', 'aria-labelledby': titleId, sx: { p: 1.5, minWidth: 260 } } }}
      >
        <Typography id={titleId} variant="subtitle2" sx={{ px: 0.5, pb: 1 }}>
          {t('table.columns.title')}
        </Typography>
        {columns.choices.map(({ field, visible }, index) => {
          const label = labelText(field.label);
          return (
            <Stack key={field.name} direction="row" sx={{ alignItems: 'center', gap: 0.5 }}>
              <FormControlLabel
                sx={{ flexGrow: 1, mr: 0 }}
                control={
                  <Checkbox size="small" checked={visible} onChange={() => columns.toggle(field.name)} />
                }
                label={label}
              />
              <IconButton
                size="small"
                aria-label={t('table.columns.moveUp', { label })}
                disabled={index === 0}
                onClick={() => columns.move(field.name, -1)}
              >
                <ArrowUpwardIcon fontSize="inherit" />
              </IconButton>
              <IconButton
                size="small"
                aria-label={t('table.columns.moveDown', { label })}
                disabled={index === last}
                onClick={() => columns.move(field.name, 1)}
              >
                <ArrowDownwardIcon fontSize="inherit" />
              </IconButton>
            </Stack>
          );
        })}
        <Button size="small" onClick={columns.reset} disabled={!columns.customised} sx={{ mt: 1 }}>
          {t('table.columns.reset')}
        </Button>
      </Popover>
    </>
  );
}
