import CheckIcon from '@mui/icons-material/Check';
import ContentCopyIcon from '@mui/icons-material/ContentCopy';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import IconButton from '@mui/material/IconButton';
import Stack from '@mui/material/Stack';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import { useId } from 'react';
import { useTranslation } from '../../../i18n/use-translation';
import { notifier } from '../../../notify/notifier';
import { useCopyText } from '../../../ui/use-copy-text';
import type { NewApiKey } from './use-settings-actions';

/**
 * Shows freshly generated API keys, the only time they can be seen. It closes only by its button:
 * a stray click beside it or an Escape pressed out of habit must not throw the keys away.
 */
export function NewApiKeysDialog({
  keys,
  onClose,
}: {
  keys: readonly NewApiKey[] | null;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const titleId = useId();
  const { canCopy, copied, copy } = useCopyText();
  const copyKey = async (key: NewApiKey) => {
    if (!(await copy(key.service, key.key))) notifier.notify('error', t('settings.newKeys.copyFailed'));
  };
  return (
    <Dialog
      open={keys !== null}
      // No `onClose`: without it neither Escape nor the backdrop can close it, only the button below.
      fullWidth
      maxWidth="md"
      aria-labelledby={titleId}
    >
      <DialogTitle id={titleId}>{t('settings.newKeys.title')}</DialogTitle>
      <DialogContent>
        <Alert severity="warning" sx={{ mb: 2 }}>
          {t('settings.newKeys.warning')}
        </Alert>
        <Stack spacing={1.5}>
          {(keys ?? []).map((key) => (
            <Box key={key.service}>
              <Typography variant="subtitle2" component="p">
                {t(`settings.apiKeys.service.${key.service}`)}
              </Typography>
              <Stack
                direction="row"
                spacing={1}
                sx={{
                  alignItems: 'center',
                  bgcolor: 'action.hover',
                  borderRadius: 1,
                  pl: 1.5,
                  pr: 0.5,
                  py: 0.5,
                }}
              >
                <Typography
                  component="code"
                  data-testid={`new-key-${key.service}`}
                  sx={{
                    fontFamily: 'monospace',
                    fontSize: 14,
                    flexGrow: 1,
                    wordBreak: 'break-all',
                    userSelect: 'all',
                  }}
                >
                  {key.key}
                </Typography>
                {canCopy && (
                  <Tooltip
                    title={copied === key.service ? t('settings.newKeys.copied') : t('settings.newKeys.copy')}
                  >
                    <IconButton
                      aria-label={t('settings.newKeys.copyKey', {
                        service: t(`settings.apiKeys.service.${key.service}`),
                      })}
                      onClick={() => void copyKey(key)}
                    >
                      {copied === key.service ? <CheckIcon color="success" /> : <ContentCopyIcon />}
                    </IconButton>
                  </Tooltip>
                )}
              </Stack>
            </Box>
          ))}
        </Stack>
      </DialogContent>
      <DialogActions sx={{ px: 3, pb: 2 }}>
        <Button variant="contained" onClick={onClose}>
          {t('settings.newKeys.done')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
