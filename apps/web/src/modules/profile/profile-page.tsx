import Alert from '@mui/material/Alert';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import CardHeader from '@mui/material/CardHeader';
import Grid from '@mui/material/Grid';
import Stack from '@mui/material/Stack';
import type { ReactNode } from 'react';
import { useTranslation } from '../../i18n/use-translation';
import { PageLoading } from '../../ui/page-loading';
import { PageTitle } from '../../ui/page-title';
import { ProfileDetails } from './profile-details';
import { ProfileForm } from './profile-form';
import { SecurityCard } from './security/security-card';
import { SessionsCard } from './security/sessions-card';
import { useVersionedProfile } from './use-profile';

/**
 * Route `/profile`: the account facts, the second factor (Security), where the admin is signed in,
 * and the personal-details form.
 */
export default function ProfilePage() {
  const { t } = useTranslation();
  const profile = useVersionedProfile();
  const data = profile.data?.record;
  return (
    <>
      <PageTitle>{t('profile.title')}</PageTitle>
      {profile.isPending && <PageLoading />}
      {profile.isError && <Alert severity="error">{t('common.loadFailed')}</Alert>}
      {profile.data && data && (
        <Grid container spacing={3}>
          <Grid size={{ xs: 12, lg: 5 }}>
            <Stack spacing={3}>
              <ProfileCard title={t('profile.details')}>
                <ProfileDetails profile={data} />
              </ProfileCard>
              <SecurityCard email={data.email} />
              <SessionsCard />
            </Stack>
          </Grid>
          <Grid size={{ xs: 12, lg: 7 }}>
            <ProfileCard title={t('profile.editTitle')}>
              {/* Keyed by uid so another account's data never lands in a stale form. */}
              <ProfileForm key={data.uid} profile={data} version={profile.data.version} />
            </ProfileCard>
          </Grid>
        </Grid>
      )}
    </>
  );
}

function ProfileCard({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Card variant="outlined">
      <CardHeader title={title} slotProps={{ title: { component: 'h2', variant: 'h6' } }} />
      <CardContent>{children}</CardContent>
    </Card>
  );
}
