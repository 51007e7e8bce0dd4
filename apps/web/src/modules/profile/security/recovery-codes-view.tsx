import CheckIcon from '@mui/icons-material/Check';
import ContentCopyIcon from '@mui/icons-material/ContentCopy';
import DownloadIcon from '@mui/icons-material/Download';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import { formatDateTime } from '../../../i18n/format-date';
import { useTimeZone } from '../../../i18n/time-zone-store';
import { useLocale } from '../../../i18n/use-locale';
import { useTranslation } from '../../../i18n/use-translation';
import { notifier } from '../../../notify/notifier';
import { saveBlob } from '../../../table/export/download-csv';
import { useCopyText } from '../../../ui/use-copy-text';
import { recoveryCodesFile, recoveryCodesFileName, recoveryCodesText } from './mfa-format';

/** Fresh recovery codes, the only time they are shown: the warning, the codes, Copy and Download. */
export function RecoveryCodesView({ codes, email }: { codes: readonly string[]; email: string }) {
  const { t } = useTranslation();
  const locale = useLocale();
  const { zone } = useTimeZone();
  const { canCopy, copied, copy } = useCopyText();

  const copyAll = async () => {
    if (!(await copy('codes', recoveryCodesText(codes))))
      notifier.notify('error', t('profile.security.codes.copyFailed'));
  };
  const download = () => {
    const now = new Date();
    const app = t('app.name');
    const text = recoveryCodesFile(codes, {
      title: t('profile.security.codes.fileTitle', { app, email }),
      note: t('profile.security.codes.fileNote', { date: formatDateTime(now.toISOString(), locale, zone) }),
    });
    saveBlob(new Blob([text], { type: 'text/plain;charset=utf-8' }), recoveryCodesFileName('Pult', now));
  };

  return (
    <Stack spacing={2}>
      <Alert severity="warning">{t('profile.security.codes.warning')}</Alert>
      <Box
        component="ol"
        aria-label={t('profile.security.codes.listLabel')}
        data-testid="recovery-codes"
        sx={{
          display: 'grid',
          gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' },
          gap: 1,
          m: 0,
          p: 2,
          listStyle: 'none',
          bgcolor: 'action.hover',
          borderRadius: 1,
          fontFamily: 'monospace',
          fontSize: 16,
          textAlign: 'center',
          userSelect: 'all',
        }}
      >
        {codes.map((code) => (
          <li key={code}>{code}</li>
        ))}
      </Box>
      <Stack direction="row" spacing={1} sx={{ justifyContent: 'center' }}>
        {canCopy && (
          <Button
            variant="outlined"
            startIcon={copied === 'codes' ? <CheckIcon color="success" /> : <ContentCopyIcon />}
            onClick={() => void copyAll()}
          >
            {copied === 'codes' ? t('profile.security.codes.copied') : t('profile.security.codes.copy')}
          </Button>
        )}
        <Button variant="outlined" startIcon={<DownloadIcon />} onClick={download}>
          {t('profile.security.codes.download')}
        </Button>
      </Stack>
    </Stack>
  );
}
