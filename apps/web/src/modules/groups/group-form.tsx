import DeleteOutlinedIcon from '@mui/icons-material/DeleteOutlined';
import HistoryIcon from '@mui/icons-material/History';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Grid from '@mui/material/Grid';
import Stack from '@mui/material/Stack';
import { type Group, groupForm, groupsResource, type PermissionCatalogue } from '@pult/contract';
import { useState } from 'react';
import { Link as RouterLink } from 'react-router';
import { useRouteCan } from '../../access/route-resource';
import { FormFieldInput } from '../../forms/resource-form/form-field-input';
import type { FormMode } from '../../forms/resource-form/form-values';
import { LiveRecordNotice } from '../../forms/resource-form/live-record-notice';
import { RecordConflictDialog } from '../../forms/resource-form/record-conflict-dialog';
import { UnsavedChangesDialog } from '../../forms/unsaved-changes/unsaved-changes-dialog';
import type { TextKey } from '../../forms/view-text';
import { useTranslation } from '../../i18n/use-translation';
import { recordHistoryPath } from '../../resources/record-history';
import { ConfirmDialog } from '../../ui/confirm-dialog';
import { ErrorSummary } from './error-summary';
import { GrantsEditor } from './grants/grants-editor';
import { useGrantsValue } from './grants/use-grants-value';
import { GRANTS_FIELD, useGroupForm } from './use-group-form';

export interface GroupFormProps {
  mode: FormMode;
  record?: Group;
  /** The group's version as it was opened (its `ETag`), sent in `If-Match` on save and delete. */
  version?: string | null;
  catalogue: PermissionCatalogue;
  onSaved: () => void;
  onCancel: () => void;
  /**
   * Deletes the group (edit mode, not the built-in one) at the version the form holds; settles when
   * it is over.
   */
  onDelete?: (version: string | null | undefined) => Promise<void>;
  deleting?: boolean;
}

/** Name, description and grants of a group. The built-in superadmin is shown, not edited. */
export function GroupForm({
  mode,
  record,
  version,
  catalogue,
  onSaved,
  onCancel,
  onDelete,
  deleting = false,
}: GroupFormProps) {
  const { t } = useTranslation();
  const group = useGroupForm({ mode, record, version, catalogue, onSaved });
  const { form, drafts, setDrafts, errors, submit, saving, guard, conflict, live, dirty } = group;
  const grantsValue = useGrantsValue(catalogue, GRANTS_FIELD.name);
  const [confirmingDelete, setConfirmingDelete] = useState(false);
  // The built-in superadmin is never edited; others as the admin's own grants on groups allow.
  const canWrite = useRouteCan(mode === 'create' ? 'create' : 'update');
  const canDelete = useRouteCan('delete');
  const readOnly = record?.builtin === true || !canWrite;
  // The built-in group keeps its name and grants; whether it requires a second factor may change.
  const factorOnly = record?.builtin === true && canWrite;
  const saveable = !readOnly || factorOnly;
  const busy = saving || deleting;

  return (
    <Box component="form" noValidate onSubmit={submit}>
      <LiveRecordNotice live={live} dirty={dirty} busy={busy} deleting={deleting} />
      <ErrorSummary errors={errors} drafts={drafts} />
      <Grid container spacing={2} sx={{ mb: 3 }}>
        {groupForm.fields.map((field) => (
          <Grid key={field.name} size={field.input.kind === 'text' ? { xs: 12, sm: 6 } : 12}>
            <FormFieldInput
              form={form}
              field={field}
              label={t(field.label as TextKey)}
              disabled={busy || (readOnly && !(factorOnly && field.name === 'mfa_required'))}
            />
          </Grid>
        ))}
      </Grid>
      <GrantsEditor
        catalogue={catalogue}
        drafts={drafts}
        onChange={setDrafts}
        problems={errors.grants}
        disabled={busy || readOnly}
      />
      <Stack direction="row" sx={{ mt: 3, alignItems: 'center', flexWrap: 'wrap', gap: 1 }}>
        {onDelete && record?.builtin !== true && canDelete && (
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
        {record && (
          <Button
            startIcon={<HistoryIcon />}
            component={RouterLink}
            to={recordHistoryPath(groupsResource.name, record.id)}
          >
            {t('audit.history')}
          </Button>
        )}
        <Box sx={{ flexGrow: 1 }} />
        <Button onClick={() => guard.leaveOnPurpose(onCancel)} disabled={busy}>
          {t(saveable ? 'common.cancel' : 'groups.back')}
        </Button>
        {saveable && (
          <Button type="submit" variant="contained" disabled={deleting} loading={saving}>
            {t('common.save')}
          </Button>
        )}
      </Stack>
      {onDelete && record && (
        <ConfirmDialog
          open={confirmingDelete}
          title={t('groups.list.deleteTitle')}
          text={t('groups.list.deleteText', { name: record.name })}
          confirmLabel={t('form.delete')}
          destructive
          busy={deleting}
          onConfirm={() =>
            void guard.leaveOnPurpose(() =>
              onDelete(group.version()).finally(() => setConfirmingDelete(false)),
            )
          }
          onClose={() => setConfirmingDelete(false)}
        />
      )}
      {conflict && (
        <RecordConflictDialog
          open
          rows={conflict.rows}
          values={conflict.values}
          resource={groupsResource.name}
          recordId={conflict.recordId}
          version={conflict.version}
          news={live.news}
          formatValue={grantsValue}
          onResolve={conflict.resolve}
          onClose={conflict.close}
        />
      )}
      <UnsavedChangesDialog blocker={guard.blocker} />
    </Box>
  );
}
