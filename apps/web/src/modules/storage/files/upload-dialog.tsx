import CheckCircleIcon from '@mui/icons-material/CheckCircle';
import CloudUploadOutlinedIcon from '@mui/icons-material/CloudUploadOutlined';
import ErrorOutlineIcon from '@mui/icons-material/ErrorOutlineOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import LinearProgress from '@mui/material/LinearProgress';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { type Bucket, bucketsResource, permissionResourceOf } from '@pult/contract';
import { type DragEvent, useId, useRef, useState } from 'react';
import { useCan } from '../../../access/use-permissions';
import { useRecord } from '../../../forms/resource-form/use-record';
import { useLocale } from '../../../i18n/use-locale';
import { useTranslation } from '../../../i18n/use-translation';
import { useLookup } from '../../../resources/use-lookup';
import { formatBytes } from '../../../table/format-bytes';
import { type UploadBucket, type UploadItem, useUploads } from './use-uploads';

/**
 * Chooses a bucket and a folder, takes files by drag and drop or a picker, and shows each upload's
 * progress. The bucket's rules are read (and shown) when the admin's grants allow reading buckets;
 * otherwise the files go by the bucket's name and the server alone applies its rules.
 */
export function UploadDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  const titleId = useId();
  const [bucketId, setBucketId] = useState('');
  const [folder, setFolder] = useState('');
  const buckets = useLookup('storageBuckets', {}, open);
  const canReadBuckets = useCan(permissionResourceOf(bucketsResource), 'read');
  const bucket = useRecord<Bucket>(
    bucketsResource,
    bucketId === '' || !canReadBuckets ? null : Number(bucketId),
  );
  const uploads = useUploads();
  const ready = bucket.status === 'ready' ? bucket.record : undefined;
  const chosen = buckets.options.find((option) => String(option.value) === bucketId);
  const target: UploadBucket | undefined = canReadBuckets ? ready : chosen && { name: String(chosen.label) };

  return (
    <Dialog open={open} onClose={onClose} fullWidth maxWidth="sm" aria-labelledby={titleId}>
      <DialogTitle id={titleId}>{t('storage.files.uploadTitle')}</DialogTitle>
      <DialogContent>
        <Stack spacing={2} sx={{ pt: 1 }}>
          <TextField
            select
            fullWidth
            required
            label={t('storage.files.bucket')}
            value={bucketId}
            onChange={(event) => setBucketId(event.target.value)}
            helperText={ready ? <BucketRules bucket={ready} /> : ' '}
          >
            {buckets.options.map((option) => (
              <MenuItem key={option.value} value={String(option.value)}>
                {option.label}
              </MenuItem>
            ))}
          </TextField>
          <TextField
            fullWidth
            label={t('storage.files.folder')}
            value={folder}
            onChange={(event) => setFolder(event.target.value)}
            helperText={t('storage.files.folderHint')}
          />
          <DropZone disabled={!target} onFiles={(files) => target && uploads.add(files, target, folder)} />
          {uploads.items.length > 0 && (
            <List dense disablePadding aria-label={t('storage.files.uploadTitle')}>
              {uploads.items.map((item) => (
                <UploadRow key={item.id} item={item} />
              ))}
            </List>
          )}
        </Stack>
      </DialogContent>
      <DialogActions sx={{ px: 3, pb: 2 }}>
        <Button onClick={onClose}>{t('storage.files.close')}</Button>
      </DialogActions>
    </Dialog>
  );
}

function BucketRules({ bucket }: { bucket: Bucket }) {
  const { t } = useTranslation();
  return (
    <>
      {t('storage.files.rules', {
        size: bucket.size_limit_mb,
        extensions: bucket.allowed_extensions.join(', ') || t('storage.files.anyExtension'),
        mimes: bucket.allowed_mimes.join(', ') || t('storage.files.anyMime'),
      })}
    </>
  );
}

function DropZone({ disabled, onFiles }: { disabled: boolean; onFiles: (files: File[]) => void }) {
  const { t } = useTranslation();
  const input = useRef<HTMLInputElement>(null);
  const [over, setOver] = useState(false);
  const drop = (event: DragEvent) => {
    event.preventDefault();
    setOver(false);
    if (!disabled) onFiles(Array.from(event.dataTransfer.files));
  };
  return (
    <Box
      data-testid="upload-drop-zone"
      onDragOver={(event) => {
        event.preventDefault();
        setOver(!disabled);
      }}
      onDragLeave={() => setOver(false)}
      onDrop={drop}
      sx={{
        border: 2,
        borderStyle: 'dashed',
        borderColor: over ? 'primary.main' : 'divider',
        bgcolor: over ? 'action.hover' : 'grey.50',
        borderRadius: 1,
        p: 3,
        textAlign: 'center',
        color: disabled ? 'text.disabled' : 'text.secondary',
      }}
    >
      <CloudUploadOutlinedIcon sx={{ fontSize: 40, mb: 1 }} />
      <Typography>{disabled ? t('storage.files.chooseBucketFirst') : t('storage.files.drop')}</Typography>
      {!disabled && (
        <>
          <Typography variant="body2" sx={{ my: 1 }}>
            {t('storage.files.or')}
          </Typography>
          <Button variant="outlined" onClick={() => input.current?.click()}>
            {t('storage.files.choose')}
          </Button>
        </>
      )}
      <input
        ref={input}
        type="file"
        multiple
        hidden
        aria-label={t('storage.files.choose')}
        onChange={(event) => {
          onFiles(Array.from(event.target.files ?? []));
          event.target.value = '';
        }}
      />
    </Box>
  );
}

function UploadRow({ item }: { item: UploadItem }) {
  const { t } = useTranslation();
  const locale = useLocale();
  const percent = Math.round(item.progress * 100);
  return (
    <ListItem disableGutters sx={{ display: 'block' }} data-upload-status={item.status}>
      <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
        {item.status === 'done' && <CheckCircleIcon color="success" fontSize="small" />}
        {item.status === 'failed' && <ErrorOutlineIcon color="error" fontSize="small" />}
        <Typography variant="body2" noWrap sx={{ flexGrow: 1, minWidth: 0 }} title={item.name}>
          {item.name}
        </Typography>
        <Typography variant="caption" color="text.secondary" sx={{ flexShrink: 0 }}>
          {item.status === 'done'
            ? t('storage.files.done')
            : item.status === 'queued'
              ? t('storage.files.queued')
              : `${formatBytes(item.size, locale)}${item.status === 'uploading' ? ` · ${percent}%` : ''}`}
        </Typography>
      </Stack>
      {item.status !== 'failed' ? (
        <LinearProgress
          variant="determinate"
          value={item.status === 'done' ? 100 : percent}
          aria-label={t('storage.files.progress', { name: item.name })}
          color={item.status === 'done' ? 'success' : 'primary'}
          sx={{ mt: 0.5, height: 6, borderRadius: 3 }}
        />
      ) : (
        <Typography variant="caption" color="error" role="alert">
          {item.error}
        </Typography>
      )}
    </ListItem>
  );
}
