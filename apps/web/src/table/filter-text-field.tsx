import TextField, { type TextFieldProps } from '@mui/material/TextField';
import type { KeyboardEvent, ReactNode } from 'react';

export interface FilterTextFieldProps {
  /** Accessible name: the filter row has no visible labels, the column header is the label. */
  label: string;
  value: string;
  onChange: (value: string) => void;
  onEnter?: () => void;
  error?: string | null;
  placeholder?: string;
  inputMode?: 'text' | 'numeric';
  endAdornment?: ReactNode;
  minWidth: number;
  select?: boolean;
  selectProps?: NonNullable<TextFieldProps['slotProps']>['select'];
  children?: ReactNode;
}

/** The compact input of a filter-row cell, with its error under it. */
export function FilterTextField(props: FilterTextFieldProps) {
  const { label, value, onChange, onEnter, error, placeholder, inputMode, endAdornment, minWidth } = props;
  const handleKeyDown = (event: KeyboardEvent) => {
    if (event.key === 'Enter') onEnter?.();
  };
  return (
    <TextField
      size="small"
      fullWidth
      select={props.select}
      value={value}
      onChange={(event) => onChange(event.target.value)}
      onKeyDown={onEnter ? handleKeyDown : undefined}
      placeholder={placeholder}
      error={Boolean(error)}
      helperText={error || undefined}
      sx={{
        minWidth,
        '& .MuiInputBase-root': { fontSize: 13, bgcolor: 'background.paper' },
        '& .MuiInputBase-input': { py: 0.75, px: 1 },
        '& .MuiInputBase-adornedEnd': { pr: 0.25 },
        '& .MuiFormHelperText-root': { mx: 0.5, lineHeight: 1.3, whiteSpace: 'normal' },
      }}
      slotProps={{
        htmlInput: { 'aria-label': label, inputMode, spellCheck: false, autoComplete: 'off' },
        input: endAdornment ? { endAdornment } : undefined,
        select: props.selectProps,
      }}
    >
      {props.children}
    </TextField>
  );
}
