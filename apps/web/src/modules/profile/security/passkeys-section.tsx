import DeleteOutlinedIcon from '@mui/icons-material/DeleteOutlined';
import EditOutlinedIcon from '@mui/icons-material/EditOutlined';
import KeyIcon from '@mui/icons-material/Key';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { MfaStatus, Passkey } from '@pult/contract';
import { Suspense, useState } from 'react';
import { lazyWithRetry } from '../../../app/lazy-with-retry';
import { formatDateTime } from '../../../i18n/format-date';
import { useTimeZone } from '../../../i18n/time-zone-store';
import { useLocale } from '../../../i18n/use-locale';
import { useTranslation } from '../../../i18n/use-translation';
import { ConfirmDialog } from '../../../ui/confirm-dialog';
import { RenamePasskeyDialog } from './rename-passkey-dialog';
import { usePasskeys } from './use-passkeys';

const AddPasskeyDialog = lazyWithRetry(() => import('./add-passkey-dialog'));

type Open = { kind: 'add' } | { kind: 'rename' | 'remove'; passkey: Passkey } | null;

/** Profile → Security → Passkeys: the list, adding one, renaming and removing. */
export function PasskeysSection({ status, email }: { status: MfaStatus; email: string }) {
  const { t } = useTranslation();
  const { rename, remove } = usePasskeys();
  const [open, setOpen] = useState<Open>(null);
  const close = () => setOpen(null);
  return (
    <Stack spacing={1.5} component="section" aria-labelledby="passkeys-title">
      <Stack direction="row" spacing={1.5} sx={{ alignItems: 'center' }}>
        <KeyIcon color="action" />
        <Typography id="passkeys-title" component="h3" sx={{ fontWeight: 500 }}>
          {t('profile.security.passkeys.title')}
        </Typography>
      </Stack>
      <Typography variant="body2" color="text.secondary">
        {t('profile.security.passkeys.text')}
      </Typography>
      {!status.passkeys_available && (
        <Alert severity="info">
          {t('profile.security.passkeys.unavailable', { origin: window.location.origin })}
        </Alert>
      )}
      {status.passkeys.length === 0 ? (
        <Typography variant="body2">{t('profile.security.passkeys.none')}</Typography>
      ) : (
        <List dense disablePadding aria-label={t('profile.security.passkeys.title')}>
          {status.passkeys.map((passkey) => (
            <PasskeyRow
              key={passkey.id}
              passkey={passkey}
              onRename={() => setOpen({ kind: 'rename', passkey })}
              onRemove={() => setOpen({ kind: 'remove', passkey })}
            />
          ))}
        </List>
      )}
      {status.passkeys_available && (
        <Button
          variant="outlined"
          startIcon={<KeyIcon />}
          onClick={() => setOpen({ kind: 'add' })}
          sx={{ alignSelf: 'flex-start' }}
        >
          {t('profile.security.passkeys.add')}
        </Button>
      )}
      <Suspense fallback={null}>
        {open?.kind === 'add' && <AddPasskeyDialog email={email} onClose={close} />}
      </Suspense>
      {open?.kind === 'rename' && (
        <RenamePasskeyDialog
          passkey={open.passkey}
          busy={rename.isPending}
          onSave={(name) => rename.mutate({ id: open.passkey.id, name }, { onSuccess: close })}
          onClose={close}
        />
      )}
      <ConfirmDialog
        open={open?.kind === 'remove'}
        title={t('profile.security.passkeys.removeTitle')}
        text={t('profile.security.passkeys.removeText', {
          name: open?.kind === 'remove' ? open.passkey.name : '',
        })}
        confirmLabel={t('profile.security.passkeys.removeConfirm')}
        destructive
        busy={remove.isPending}
        onConfirm={() => open?.kind === 'remove' && remove.mutate(open.passkey.id, { onSettled: close })}
        onClose={close}
      />
    </Stack>
  );
}

function PasskeyRow({
  passkey,
  onRename,
  onRemove,
}: {
  passkey: Passkey;
  onRename: () => void;
  onRemove: () => void;
}) {
  const { t } = useTranslation();
  const locale = useLocale();
  const { zone } = useTimeZone();
  const facts = [
    t('profile.security.passkeys.created', { at: formatDateTime(passkey.created_at, locale, zone) }),
    passkey.last_used_at
      ? t('profile.security.passkeys.lastUsed', { at: formatDateTime(passkey.last_used_at, locale, zone) })
      : t('profile.security.passkeys.neverUsed'),
  ];
  return (
    <ListItem
      divider
      disableGutters
      secondaryAction={
        <>
          <IconButton
            aria-label={t('profile.security.passkeys.rename', { name: passkey.name })}
            onClick={onRename}
          >
            <EditOutlinedIcon fontSize="small" />
          </IconButton>
          <IconButton
            edge="end"
            color="error"
            aria-label={t('profile.security.passkeys.remove', { name: passkey.name })}
            onClick={onRemove}
          >
            <DeleteOutlinedIcon fontSize="small" />
          </IconButton>
        </>
      }
    >
      <ListItemText primary={passkey.name} secondary={facts.join(' · ')} sx={{ pr: 10 }} />
    </ListItem>
  );
}
