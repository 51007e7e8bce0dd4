import KeyIcon from '@mui/icons-material/Key';
import LogoutIcon from '@mui/icons-material/Logout';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import CardHeader from '@mui/material/CardHeader';
import Divider from '@mui/material/Divider';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { useRouteCan } from '../../../access/route-resource';
import { useTranslation } from '../../../i18n/use-translation';
import { ConfirmDialog } from '../../../ui/confirm-dialog';
import { NewApiKeysDialog } from './new-api-keys-dialog';
import { useSettingsActions } from './use-settings-actions';

/**
 * The platform-wide actions: end every user's sessions, replace the services' API keys; each shown
 * when the admin's grants allow it, the card only when one is.
 */
export function SettingsActionsCard() {
  const { t } = useTranslation();
  const actions = useSettingsActions();
  const canRevoke = useRouteCan('settings.revoke-user-tokens');
  const canRegenerate = useRouteCan('settings.regenerate-api-keys');
  const confirming = actions.confirming;
  if (!canRevoke && !canRegenerate) return null;
  return (
    <Card variant="outlined" sx={{ height: '100%' }}>
      <CardHeader
        title={t('settings.actions.title')}
        slotProps={{ title: { component: 'h2', variant: 'h6' } }}
      />
      <CardContent sx={{ pt: 0 }}>
        <Stack spacing={2} divider={<Divider flexItem />}>
          {canRevoke && (
            <ActionRow
              text={t('settings.actions.revokeText')}
              button={
                <Button
                  variant="outlined"
                  color="error"
                  startIcon={<LogoutIcon />}
                  loading={actions.revoking}
                  onClick={() => actions.ask('revokeUserTokens')}
                >
                  {t('settings.actions.revoke')}
                </Button>
              }
            />
          )}
          {canRegenerate && (
            <ActionRow
              text={t('settings.actions.regenerateText')}
              button={
                <Button
                  variant="outlined"
                  color="error"
                  startIcon={<KeyIcon />}
                  loading={actions.regenerating}
                  onClick={() => actions.ask('regenerateApiKeys')}
                >
                  {t('settings.actions.regenerate')}
                </Button>
              }
            />
          )}
        </Stack>
      </CardContent>
      <ConfirmDialog
        open={confirming !== null}
        title={
          confirming === 'regenerateApiKeys'
            ? t('settings.actions.regenerateConfirmTitle')
            : t('settings.actions.revokeConfirmTitle')
        }
        text={
          confirming === 'regenerateApiKeys'
            ? t('settings.actions.regenerateConfirmText')
            : t('settings.actions.revokeConfirmText')
        }
        confirmLabel={
          confirming === 'regenerateApiKeys' ? t('settings.actions.regenerate') : t('settings.actions.revoke')
        }
        destructive
        onConfirm={actions.confirm}
        onClose={actions.cancel}
      />
      <NewApiKeysDialog keys={actions.newKeys} onClose={actions.closeNewKeys} />
    </Card>
  );
}

function ActionRow({ text, button }: { text: string; button: ReactNode }) {
  return (
    <Stack
      direction={{ xs: 'column', sm: 'row' }}
      spacing={2}
      sx={{ alignItems: { xs: 'stretch', sm: 'center' }, justifyContent: 'space-between' }}
    >
      <Typography variant="body2" color="text.secondary">
        {text}
      </Typography>
      <Stack sx={{ flexShrink: 0 }}>{button}</Stack>
    </Stack>
  );
}
