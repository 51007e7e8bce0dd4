import Alert from '@mui/material/Alert';
import Autocomplete from '@mui/material/Autocomplete';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { type ReportId, SAVED_REPORT_NAME_MAX } from '@pult/contract';
import { type FormEvent, useId, useMemo, useState } from 'react';
import { useCan } from '../../access/use-permissions';
import { renderTagChips } from '../../forms/tag-chips';
import { fieldErrorsOf, joinFieldErrors, listFieldError } from '../../http/http-error';
import { useTranslation } from '../../i18n/use-translation';
import { useLookup } from '../../resources/use-lookup';
import { useCreateSavedReport } from './saved-reports-api';

export interface SaveReportDialogProps {
  report: ReportId;
  /** The report screen's URL parameters: what the saved report replays. */
  query: Record<string, string>;
  onSaved: (name: string) => void;
  onClose: () => void;
}

/** Saves the report on screen under a name, private or shared with administrators' groups. */
export function SaveReportDialog({ report, query, onSaved, onClose }: SaveReportDialogProps) {
  const { t } = useTranslation();
  const titleId = useId();
  const [name, setName] = useState('');
  const [groups, setGroups] = useState<string[]>([]);
  const save = useCreateSavedReport();
  // The groups' names are suggested to who may look them up; anyone may still type one.
  const mayListGroups = useCan('auth.groups', 'list');
  const mayEditAdmins = useCan('auth.admins', 'update');
  const lookup = useLookup('adminGroups', {}, mayListGroups || mayEditAdmins);
  const options = useMemo(() => lookup.options.map((option) => option.label), [lookup.options]);
  const errors = joinFieldErrors(fieldErrorsOf(save.error) ?? {});
  // "shared_with.2: No such group" names the group, so the person sees which chip to remove.
  const groupError = listFieldError(errors, 'shared_with', (index) => groups[index] ?? '');
  // A parameter the server refused (the report changed since the page was loaded) is no field here.
  const queryError = Object.entries(errors)
    .filter(([field]) => field.startsWith('query'))
    .map(([field, text]) => `${field.slice('query.'.length)}: ${text}`)
    .join('; ');
  const otherError = save.error && !fieldErrorsOf(save.error) ? save.error.message : queryError || undefined;
  const submit = (event: FormEvent) => {
    event.preventDefault();
    save.mutate(
      { name: name.trim(), report, query, shared_with: groups },
      { onSuccess: (saved) => onSaved(saved.name) },
    );
  };
  return (
    <Dialog
      open
      onClose={save.isPending ? undefined : onClose}
      maxWidth="sm"
      fullWidth
      aria-labelledby={titleId}
    >
      <DialogTitle id={titleId}>{t('reports.saved.saveTitle')}</DialogTitle>
      <Box component="form" noValidate onSubmit={submit}>
        <DialogContent sx={{ pt: 1 }}>
          <Stack spacing={2} sx={{ pt: 1 }}>
            {otherError && <Alert severity="error">{otherError}</Alert>}
            <TextField
              label={t('reports.saved.fields.name')}
              value={name}
              onChange={(event) => setName(event.target.value)}
              required
              autoFocus
              autoComplete="off"
              error={errors.name !== undefined}
              helperText={errors.name}
              slotProps={{ htmlInput: { maxLength: SAVED_REPORT_NAME_MAX } }}
            />
            <Autocomplete
              multiple
              freeSolo
              autoSelect
              options={options}
              filterSelectedOptions
              value={groups}
              onChange={(_event, value) => setGroups(value.map((group) => group.trim()).filter(Boolean))}
              renderValue={renderTagChips}
              renderInput={(params) => (
                <TextField
                  {...params}
                  label={t('reports.saved.fields.shared_with')}
                  error={groupError !== ''}
                  helperText={groupError || t('reports.saved.shareHint')}
                />
              )}
            />
          </Stack>
        </DialogContent>
        <DialogActions sx={{ px: 3, pb: 2 }}>
          <Button onClick={onClose} disabled={save.isPending}>
            {t('common.cancel')}
          </Button>
          <Button type="submit" variant="contained" loading={save.isPending} disabled={name.trim() === ''}>
            {t('reports.saved.save')}
          </Button>
        </DialogActions>
      </Box>
    </Dialog>
  );
}
