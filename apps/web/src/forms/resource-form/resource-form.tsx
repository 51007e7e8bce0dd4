import DeleteOutlinedIcon from '@mui/icons-material/DeleteOutlined';
import HistoryIcon from '@mui/icons-material/History';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Grid from '@mui/material/Grid';
import Stack from '@mui/material/Stack';
import type { FormFieldDescriptor } from '@pult/contract';
import { useState } from 'react';
import { Link as RouterLink } from 'react-router';
import { useTranslation } from '../../i18n/use-translation';
import { recordHistoryPath } from '../../resources/record-history';
import type { RecordId, ResourceRecord } from '../../resources/resource-api';
import { ConfirmDialog } from '../../ui/confirm-dialog';
import { UnsavedChangesDialog } from '../unsaved-changes/unsaved-changes-dialog';
import type { TextKey } from '../view-text';
import { FormFieldInput } from './form-field-input';
import { LiveRecordNotice } from './live-record-notice';
import { RecordConflictDialog } from './record-conflict-dialog';
import { type UseResourceFormOptions, useResourceForm } from './use-resource-form';

export interface ResourceFormProps extends UseResourceFormOptions {
  onCancel: () => void;
  /**
   * Shows a Delete button (edit mode) that asks for confirmation before calling this. It settles when
   * the deletion is over and announces the outcome itself. `version` is the record's version the form
   * holds, for `If-Match` (undefined when unknown).
   */
  onDelete?: (version: string | null | undefined) => Promise<void>;
  deleting?: boolean;
  /** What the delete confirmation says; a generic "deleted for good" by default. */
  deleteTitle?: string;
  deleteText?: string;
  /** One column suits a narrow dialog; two suit a page. */
  columns?: 1 | 2;
}

// Long texts and lists need the whole row; the e-mail heads a person's form on a row of its own.
const FULL_ROW_KINDS = new Set(['textarea', 'tags', 'email', 'code', 'json']);

function fieldSpan(field: FormFieldDescriptor, columns: 1 | 2) {
  return columns === 1 || FULL_ROW_KINDS.has(field.input.kind) ? 12 : { xs: 12, sm: 6 };
}

/** A create/edit form laid out from a contract form descriptor, with Save, Cancel and (edit) Delete. */
export function ResourceForm({
  onCancel,
  onDelete,
  deleting = false,
  deleteTitle,
  deleteText,
  columns = 2,
  ...options
}: ResourceFormProps) {
  const { t } = useTranslation();
  const { form, fields, access, submit, saving, guard, conflict, version, live } = useResourceForm(options);
  const [confirmingDelete, setConfirmingDelete] = useState(false);
  const busy = saving || deleting;
  // Every record's edit screen leads to its history in the audit log.
  const historyId = options.mode === 'edit' ? (options.id ?? recordKeyOf(options.record)) : undefined;
  const labelOf = (name: string) => {
    const field = fields.find((item) => item.name === name);
    return field ? t(field.label as TextKey) : name;
  };

  return (
    <Box component="form" noValidate onSubmit={submit}>
      <LiveRecordNotice live={live} dirty={form.formState.isDirty} busy={busy} deleting={deleting} />
      <Grid container spacing={2}>
        {fields.map((field) => (
          <Grid key={field.name} size={fieldSpan(field, columns)}>
            <FormFieldInput
              form={form}
              field={field}
              label={t(field.label as TextKey)}
              disabled={busy || access.readOnly.has(field.name)}
              record={options.record}
              parentLabel={
                field.input.kind === 'lookup' && field.input.dependsOn
                  ? labelOf(field.input.dependsOn.field)
                  : undefined
              }
            />
          </Grid>
        ))}
      </Grid>
      <Stack direction="row" sx={{ mt: 3, alignItems: 'center', flexWrap: 'wrap', gap: 1 }}>
        {onDelete && options.mode === 'edit' && access.canDelete && (
          <Button
            color="error"
            startIcon={<DeleteOutlinedIcon />}
            onClick={() => setConfirmingDelete(true)}
            disabled={saving}
            loading={deleting}
          >
            {t('form.delete')}
          </Button>
        )}
        {historyId !== undefined && (
          <Button
            startIcon={<HistoryIcon />}
            component={RouterLink}
            to={recordHistoryPath(options.resource.name, historyId)}
          >
            {t('audit.history')}
          </Button>
        )}
        <Box sx={{ flexGrow: 1 }} />
        <Button onClick={() => guard.leaveOnPurpose(onCancel)} disabled={busy}>
          {t(access.canSave ? 'common.cancel' : 'common.back')}
        </Button>
        {access.canSave && (
          <Button type="submit" variant="contained" disabled={deleting} loading={saving}>
            {t('common.save')}
          </Button>
        )}
      </Stack>
      {onDelete && (
        <ConfirmDialog
          open={confirmingDelete}
          title={deleteTitle ?? t('form.deleteTitle')}
          text={deleteText ?? t('form.deleteText')}
          confirmLabel={t('form.delete')}
          destructive
          busy={deleting}
          onConfirm={() =>
            void guard.leaveOnPurpose(() => onDelete(version()).finally(() => setConfirmingDelete(false)))
          }
          onClose={() => setConfirmingDelete(false)}
        />
      )}
      {conflict && (
        <RecordConflictDialog
          open
          rows={conflict.rows}
          values={conflict.values}
          resource={options.resource.name}
          recordId={conflict.recordId}
          version={conflict.version}
          news={live.news}
          onResolve={conflict.resolve}
          onClose={conflict.close}
        />
      )}
      <UnsavedChangesDialog blocker={guard.blocker} />
    </Box>
  );
}

/** A record names itself by `id`, or by `key` (settings). */
function recordKeyOf(record: ResourceRecord | undefined): RecordId | undefined {
  const value = record?.id ?? record?.key;
  return typeof value === 'string' || typeof value === 'number' ? value : undefined;
}
