import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Grid from '@mui/material/Grid';
import type { Profile } from '@pult/contract';
import { FormTextField } from '../../forms/form-text-field';
import { LiveRecordNotice } from '../../forms/resource-form/live-record-notice';
import { RecordConflictDialog } from '../../forms/resource-form/record-conflict-dialog';
import { UnsavedChangesDialog } from '../../forms/unsaved-changes/unsaved-changes-dialog';
import { useUnsavedChangesGuard } from '../../forms/unsaved-changes/use-unsaved-changes-guard';
import { useTranslation } from '../../i18n/use-translation';
import { useProfileForm } from './use-profile-form';

/** The edit form of the profile page; `version` is the profile's as it was opened (its `ETag`). */
export function ProfileForm({ profile, version }: { profile: Profile; version: string | null }) {
  const { t } = useTranslation();
  const { form, submit, saving, canSave, conflict, auditResource, live } = useProfileForm(profile, version);
  // Saving and Cancel reset the form, so only real leftovers make leaving ask.
  const guard = useUnsavedChangesGuard(form.formState.isDirty);

  return (
    <Box component="form" noValidate onSubmit={submit}>
      <LiveRecordNotice live={live} dirty={form.formState.isDirty} busy={saving} />
      <Grid container spacing={2}>
        <Grid size={{ xs: 12, sm: 6 }}>
          <FormTextField
            form={form}
            name="first_name"
            label={t('profile.firstName')}
            required
            autoComplete="given-name"
          />
        </Grid>
        <Grid size={{ xs: 12, sm: 6 }}>
          <FormTextField
            form={form}
            name="last_name"
            label={t('profile.lastName')}
            required
            autoComplete="family-name"
          />
        </Grid>
        <Grid size={{ xs: 12, sm: 6 }}>
          <FormTextField form={form} name="username" label={t('profile.username')} autoComplete="username" />
        </Grid>
        <Grid size={{ xs: 12, sm: 6 }}>
          <FormTextField form={form} name="phone" label={t('profile.phone')} type="tel" autoComplete="tel" />
        </Grid>
        <Grid size={12}>
          <FormTextField
            form={form}
            name="photo"
            label={t('profile.photo')}
            type="url"
            autoComplete="photo"
          />
        </Grid>
        <Grid size={12}>
          <FormTextField form={form} name="about_me" label={t('profile.aboutMe')} multiline minRows={3} />
        </Grid>
      </Grid>
      <Box sx={{ display: 'flex', justifyContent: 'flex-end', gap: 1, mt: 2 }}>
        <Button onClick={() => form.reset()} disabled={!form.formState.isDirty || saving}>
          {t('common.cancel')}
        </Button>
        <Button type="submit" variant="contained" disabled={!canSave} loading={saving}>
          {t('common.save')}
        </Button>
      </Box>
      {conflict && (
        <RecordConflictDialog
          open
          rows={conflict.rows}
          values={conflict.values}
          resource={auditResource}
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
