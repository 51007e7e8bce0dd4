import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormHelperText from '@mui/material/FormHelperText';
import Grid from '@mui/material/Grid';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import TextField from '@mui/material/TextField';
import { SETTING_TYPES, type SettingType, settingsResource } from '@pult/contract';
import { useEffect, useId, useState } from 'react';
import { Controller, useWatch } from 'react-hook-form';
import { useRouteCan } from '../../../access/route-resource';
import { fieldErrorText } from '../../../forms/field-error-text';
import { LiveRecordNotice } from '../../../forms/resource-form/live-record-notice';
import { RecordConflictDialog } from '../../../forms/resource-form/record-conflict-dialog';
import { LeaveFormDialog } from '../../../forms/unsaved-changes/leave-form-dialog';
import { UnsavedChangesDialog } from '../../../forms/unsaved-changes/unsaved-changes-dialog';
import { useConfirmedClose } from '../../../forms/unsaved-changes/use-confirmed-close';
import { useUnsavedChangesGuard } from '../../../forms/unsaved-changes/use-unsaved-changes-guard';
import { useTranslation } from '../../../i18n/use-translation';
import type { EditableSetting } from './setting-form-values';
import { useSettingForm } from './use-setting-form';

export interface SettingDialogProps {
  open: boolean;
  /** The setting to edit; none to create one. */
  setting?: EditableSetting;
  onClose: () => void;
}

/**
 * Creates or edits one setting; the value input follows the chosen type. Escape and the backdrop ask
 * before they throw unsaved changes away, as a record form's dialog does.
 */
export function SettingDialog({ open, setting, onClose }: SettingDialogProps) {
  const { t } = useTranslation();
  const titleId = useId();
  const [dirty, setDirty] = useState(false);
  const closing = useConfirmedClose(dirty, onClose);
  return (
    <>
      <Dialog open={open} onClose={closing.requestClose} fullWidth maxWidth="sm" aria-labelledby={titleId}>
        <DialogTitle id={titleId}>
          {setting ? t('settings.dialog.editTitle', { key: setting.key }) : t('settings.dialog.createTitle')}
        </DialogTitle>
        {/* The caller keys the dialog per opening, so the form starts from the setting it was opened for. */}
        <SettingForm setting={setting} onClose={onClose} onDirtyChange={setDirty} />
      </Dialog>
      <LeaveFormDialog open={closing.asking} onLeave={closing.leave} onStay={closing.stay} />
    </>
  );
}

interface SettingFormProps {
  setting?: EditableSetting;
  onClose: () => void;
  onDirtyChange: (dirty: boolean) => void;
}

function SettingForm({ setting, onClose, onDirtyChange }: SettingFormProps) {
  const { t } = useTranslation();
  const formId = useId();
  const { form, mode, submit, saving, conflict, live } = useSettingForm(setting, onClose);
  // A read-only admin opens a setting to look at it (the row's "view"): nothing to change or save.
  const canSave = useRouteCan(mode === 'edit' ? 'update' : 'create');
  // The dialog closes after a save or Cancel; until then, the back button or a link asks first.
  const dirty = form.formState.isDirty;
  const guard = useUnsavedChangesGuard(dirty);
  useEffect(() => onDirtyChange(dirty), [dirty, onDirtyChange]);
  const type = useWatch({ control: form.control, name: 'type' });
  const valueError = type === 'boolean' ? form.formState.errors.flag : form.formState.errors.text;

  return (
    <>
      <DialogContent>
        <LiveRecordNotice live={live} dirty={dirty} busy={saving} />
        {/* Disabled as a whole when nothing may be saved: the inputs show the setting, as a read-only form does. */}
        <Box component="fieldset" disabled={!canSave} sx={{ border: 0, p: 0, m: 0, minWidth: 0 }}>
          <Stack
            component="form"
            id={formId}
            noValidate
            onSubmit={canSave ? submit : (event) => event.preventDefault()}
            spacing={2}
            sx={{ pt: 1 }}
          >
            <Grid container spacing={2}>
              <Grid size={{ xs: 12, sm: 7 }}>
                <Controller
                  control={form.control}
                  name="key"
                  render={({ field, fieldState }) => (
                    <TextField
                      {...field}
                      inputRef={field.ref}
                      fullWidth
                      required
                      label={t('settings.fields.key')}
                      error={Boolean(fieldState.error)}
                      helperText={
                        fieldErrorText(t, fieldState.error) ??
                        (mode === 'create' ? t('settings.dialog.keyHint') : undefined)
                      }
                      slotProps={{ htmlInput: { readOnly: mode === 'edit', spellCheck: false } }}
                    />
                  )}
                />
              </Grid>
              <Grid size={{ xs: 12, sm: 5 }}>
                <Controller
                  control={form.control}
                  name="type"
                  render={({ field, fieldState }) => (
                    <TextField
                      {...field}
                      inputRef={field.ref}
                      onChange={(event) => {
                        field.onChange(event.target.value as SettingType);
                        // The same text may be fine as a string and wrong as JSON: check it again.
                        if (form.getFieldState('text').isTouched) void form.trigger('text');
                      }}
                      select
                      fullWidth
                      required
                      label={t('settings.fields.type')}
                      error={Boolean(fieldState.error)}
                      helperText={fieldErrorText(t, fieldState.error)}
                    >
                      {SETTING_TYPES.map((value) => (
                        <MenuItem key={value} value={value}>
                          {t(`settings.type.${value}`)}
                        </MenuItem>
                      ))}
                    </TextField>
                  )}
                />
              </Grid>
            </Grid>
            <ValueInput form={form} type={type} />
            <Controller
              control={form.control}
              name="is_public"
              render={({ field }) => (
                <div>
                  <FormControlLabel
                    control={
                      <Switch
                        checked={field.value}
                        onChange={(event) => field.onChange(event.target.checked)}
                        onBlur={field.onBlur}
                        slotProps={{ input: { ref: field.ref } }}
                      />
                    }
                    label={t('settings.fields.is_public')}
                  />
                  <FormHelperText sx={{ mt: 0 }}>{t('settings.dialog.publicHint')}</FormHelperText>
                </div>
              )}
            />
          </Stack>
        </Box>
      </DialogContent>
      <DialogActions sx={{ px: 3, pb: 2 }}>
        <Button onClick={onClose} disabled={saving}>
          {t(canSave ? 'common.cancel' : 'common.back')}
        </Button>
        {canSave && (
          <Button
            type="submit"
            form={formId}
            variant="contained"
            loading={saving}
            // A value that does not parse must be fixed first (spec §5).
            disabled={valueError !== undefined}
          >
            {t('common.save')}
          </Button>
        )}
      </DialogActions>
      {conflict && (
        <RecordConflictDialog
          open
          rows={conflict.rows}
          values={conflict.values}
          resource={settingsResource.name}
          recordId={conflict.recordId}
          version={conflict.version}
          news={live.news}
          onResolve={conflict.resolve}
          onClose={conflict.close}
        />
      )}
      <UnsavedChangesDialog blocker={guard.blocker} />
    </>
  );
}

type SettingFormApi = ReturnType<typeof useSettingForm>['form'];

/** The value input of the chosen type: text, a whole number, a switch or JSON. */
function ValueInput({ form, type }: { form: SettingFormApi; type: SettingType }) {
  const { t } = useTranslation();
  const label = t('settings.fields.value');
  if (type === 'boolean') {
    return (
      <Controller
        control={form.control}
        name="flag"
        render={({ field, fieldState }) => (
          <div>
            <FormControlLabel
              control={
                <Switch
                  checked={field.value}
                  onChange={(event) => field.onChange(event.target.checked)}
                  onBlur={field.onBlur}
                  slotProps={{ input: { ref: field.ref } }}
                />
              }
              label={`${label}: ${field.value ? t('common.yes') : t('common.no')}`}
            />
            {fieldState.error && <FormHelperText error>{fieldErrorText(t, fieldState.error)}</FormHelperText>}
          </div>
        )}
      />
    );
  }
  return (
    <Controller
      control={form.control}
      name="text"
      render={({ field, fieldState }) => (
        <TextField
          {...field}
          inputRef={field.ref}
          fullWidth
          required={type !== 'string'}
          label={label}
          multiline={type !== 'integer'}
          minRows={type === 'json' ? 6 : type === 'string' ? 2 : undefined}
          error={Boolean(fieldState.error)}
          helperText={
            fieldErrorText(t, fieldState.error) ??
            (type === 'json' ? t('settings.dialog.jsonHint') : undefined)
          }
          slotProps={{
            htmlInput: {
              spellCheck: type === 'string',
              inputMode: type === 'integer' ? 'numeric' : undefined,
              // JSON is read by its indentation and brackets.
              style: type === 'json' ? { fontFamily: 'monospace' } : undefined,
            },
          }}
        />
      )}
    />
  );
}
