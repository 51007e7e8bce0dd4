import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Grid from '@mui/material/Grid';
import TextField from '@mui/material/TextField';
import type { Profile } from '@pult/contract';
import { useTranslation } from 'react-i18next';
import { fieldErrorText } from '../../forms/field-error-text';
import type { ProfileFormValues } from './profile-form-values';
import { useProfileForm } from './use-profile-form';

type FieldName = keyof ProfileFormValues;

/** The edit form of the profile page. */
export function ProfileForm({ profile }: { profile: Profile }) {
  const { t } = useTranslation();
  const { form, submit, saving, canSave } = useProfileForm(profile);
  const { errors } = form.formState;
  const field = (name: FieldName) => ({
    ...form.register(name),
    fullWidth: true,
    error: Boolean(errors[name]),
    helperText: fieldErrorText(t, errors[name]),
  });

  return (
    <Box component="form" noValidate onSubmit={submit}>
      <Grid container spacing={2}>
        <Grid size={{ xs: 12, sm: 6 }}>
          <TextField
            label={t('profile.firstName')}
            required
            autoComplete="given-name"
            {...field('first_name')}
          />
        </Grid>
        <Grid size={{ xs: 12, sm: 6 }}>
          <TextField
            label={t('profile.lastName')}
            required
            autoComplete="family-name"
            {...field('last_name')}
          />
        </Grid>
        <Grid size={{ xs: 12, sm: 6 }}>
          <TextField label={t('profile.username')} autoComplete="username" {...field('username')} />
        </Grid>
        <Grid size={{ xs: 12, sm: 6 }}>
          <TextField label={t('profile.phone')} type="tel" autoComplete="tel" {...field('phone')} />
        </Grid>
        <Grid size={12}>
          <TextField label={t('profile.photo')} type="url" autoComplete="photo" {...field('photo')} />
        </Grid>
        <Grid size={12}>
          <TextField label={t('profile.aboutMe')} multiline minRows={3} {...field('about_me')} />
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
    </Box>
  );
}
