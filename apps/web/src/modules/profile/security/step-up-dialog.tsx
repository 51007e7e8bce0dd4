import KeyIcon from '@mui/icons-material/Key';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useId } from 'react';
import { FormInputField } from '../../../forms/form-input-field';
import { useViewText } from '../../../forms/use-view-text';
import { useTranslation } from '../../../i18n/use-translation';
import { FactorCodeInput } from './factor-code-input';
import { useStepUp } from './use-step-up';

/**
 * "Confirm it is you" before a dangerous action: a code from the authenticator (or a recovery code),
 * or the password for an administrator without a factor. The action's own confirmation has already
 * been given; once this one is, the action goes through by itself.
 */
export default function StepUpDialog({ onSettle }: { onSettle: (confirmed: boolean) => void }) {
  const { t } = useTranslation();
  const viewText = useViewText();
  const titleId = useId();
  const stepUp = useStepUp(() => onSettle(true));
  const { method } = stepUp;
  const cancel = () => {
    if (!stepUp.busy) onSettle(false);
  };
  return (
    <Dialog open onClose={cancel} maxWidth="xs" fullWidth aria-labelledby={titleId}>
      <DialogTitle id={titleId}>{t('profile.security.stepUp.title')}</DialogTitle>
      <Box component="form" noValidate onSubmit={stepUp.submit}>
        <DialogContent sx={{ pt: 0 }}>
          {stepUp.loading && <CircularProgress size={24} aria-label={t('app.loading')} />}
          {stepUp.loadFailed && <Alert severity="error">{t('profile.security.loadFailed')}</Alert>}
          {method && (
            <Stack spacing={2}>
              <Typography variant="body2">
                {t(
                  method === 'password'
                    ? 'profile.security.stepUp.passwordText'
                    : 'profile.security.stepUp.text',
                )}
              </Typography>
              {stepUp.canUsePasskey && (
                <Button
                  variant="outlined"
                  startIcon={<KeyIcon />}
                  onClick={stepUp.confirmWithPasskey}
                  loading={stepUp.passkeyBusy}
                  sx={{ alignSelf: 'flex-start' }}
                >
                  {t('login.mfa.usePasskey')}
                </Button>
              )}
              {method !== 'password' && (
                <FactorCodeInput
                  form={stepUp.form}
                  method={method}
                  {...(stepUp.canSwitch ? { onSwitch: stepUp.switchMethod } : {})}
                />
              )}
              {method === 'password' && (
                <FormInputField
                  key="password"
                  form={stepUp.form}
                  name="password"
                  rules={{ required: 'required' }}
                  label={t('profile.security.setup.password')}
                  type="password"
                  autoComplete="current-password"
                  autoFocus
                />
              )}
              {stepUp.generalError && <Alert severity="error">{viewText(stepUp.generalError)}</Alert>}
            </Stack>
          )}
        </DialogContent>
        <DialogActions sx={{ px: 3, pb: 2 }}>
          <Button onClick={cancel} disabled={stepUp.busy}>
            {t('common.cancel')}
          </Button>
          <Button type="submit" variant="contained" disabled={!stepUp.canSubmit} loading={stepUp.busy}>
            {t('profile.security.stepUp.confirm')}
          </Button>
        </DialogActions>
      </Box>
    </Dialog>
  );
}
