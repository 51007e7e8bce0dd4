import VerifiedUserOutlinedIcon from '@mui/icons-material/VerifiedUserOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import { adminForm, adminsResource, groupsResource, permissionResourceOf } from '@pult/contract';
import { Link as RouterLink, useSearchParams } from 'react-router';
import { useCan, usePermissions } from '../../access/use-permissions';
import type { FormMode } from '../../forms/resource-form/form-values';
import { parseRecordId } from '../../forms/resource-form/use-record';
import { useTranslation } from '../../i18n/use-translation';
import { SessionsCard, useProfile } from '../profile';
import { PersonEditPage } from './person-edit-page';
import { ResetFactorButton } from './reset-factor-button';

/**
 * Routes `/auth/admins/create` and `/auth/admins/edit?id=N`. The signed-in administrator's own record
 * offers no Delete; the server refuses to lock or deactivate it, and that 422 lands under the status
 * field like any other field error. Below the form, what the administrator's groups let them do, and resetting their second factor.
 */
export default function AdminEditPage({ mode }: { mode: FormMode }) {
  const { t } = useTranslation();
  const profile = useProfile();
  const [searchParams] = useSearchParams();
  const id = mode === 'edit' ? parseRecordId(searchParams.get('id')) : null;
  // The server shows what an admin's groups grant to whoever may read groups.
  const canSeePermissions = useCan(permissionResourceOf(groupsResource), 'read');
  const check = usePermissions();
  // One's own factor is changed in the profile; the server refuses it here too.
  const other = id !== null && check !== null && id !== check.adminId;
  const canSeeSessions = other && check.can(permissionResourceOf(adminsResource), 'admins.sessions');
  const canResetFactor =
    id !== null &&
    check !== null &&
    id !== check.adminId &&
    check.can(permissionResourceOf(adminsResource), 'admins.reset-mfa');
  return (
    <>
      <PersonEditPage
        mode={mode}
        resource={adminsResource}
        form={adminForm}
        titleKey="menu.items.authAdmins"
        listPath="/auth/admins"
        ns="admins"
        selfUid={profile.data?.uid}
      />
      <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap' }}>
        {id !== null && canSeePermissions && (
          <Button
            component={RouterLink}
            to={`/auth/admins/permissions?id=${id}`}
            startIcon={<VerifiedUserOutlinedIcon />}
            sx={{ mt: 2 }}
          >
            {t('groups.effective.link')}
          </Button>
        )}
        {canResetFactor && <ResetFactorButton adminId={id} />}
      </Stack>
      {canSeeSessions && (
        <Box sx={{ mt: 2, maxWidth: 960 }}>
          <SessionsCard adminId={id} />
        </Box>
      )}
    </>
  );
}
