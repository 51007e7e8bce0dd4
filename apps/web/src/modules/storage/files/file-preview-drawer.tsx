import CloseIcon from '@mui/icons-material/Close';
import DeleteOutlinedIcon from '@mui/icons-material/DeleteOutlined';
import DownloadIcon from '@mui/icons-material/Download';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Divider from '@mui/material/Divider';
import Drawer from '@mui/material/Drawer';
import IconButton from '@mui/material/IconButton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { fileNameOf, type StorageFile } from '@pult/contract';
import { useId } from 'react';
import { useRouteCan } from '../../../access/route-resource';
import { formatDateTime } from '../../../i18n/format-date';
import { useTimeZone } from '../../../i18n/time-zone-store';
import { useLocale } from '../../../i18n/use-locale';
import { useTranslation } from '../../../i18n/use-translation';
import { formatBytes } from '../../../table/format-bytes';
import { previewKind } from './preview-kind';
import { useFileUrl } from './use-file-actions';

export interface FilePreviewDrawerProps {
  file: StorageFile | null;
  onClose: () => void;
  onDownload: (file: StorageFile) => void;
  onDelete: (file: StorageFile) => void;
}

/**
 * The side panel of one file: its details and a preview of images, PDFs and text. The preview and
 * Download need the grant to download files (both fetch a link to the content), Delete the grant to
 * delete them; without either button the panel has no footer.
 */
export function FilePreviewDrawer({ file, onClose, onDownload, onDelete }: FilePreviewDrawerProps) {
  const { t } = useTranslation();
  const titleId = useId();
  const canDownload = useRouteCan('files.download');
  const canDelete = useRouteCan('delete');
  return (
    <Drawer
      anchor="right"
      open={file !== null}
      onClose={onClose}
      // Above the shell's top bar, which sits above the side menu.
      sx={{ zIndex: (theme) => theme.zIndex.modal }}
      slotProps={{ paper: { sx: { width: { xs: '100%', sm: 520 } }, 'aria-labelledby': titleId } }}
    >
      {file && (
        <Stack sx={{ height: '100%' }}>
          <Stack direction="row" sx={{ alignItems: 'center', px: 2, py: 1.5, gap: 1 }}>
            <Typography
              id={titleId}
              variant="h6"
              component="h2"
              noWrap
              sx={{ flexGrow: 1 }}
              title={file.path}
            >
              {fileNameOf(file.path)}
            </Typography>
            <IconButton aria-label={t('storage.files.closePreview')} onClick={onClose}>
              <CloseIcon />
            </IconButton>
          </Stack>
          <Divider />
          <Box sx={{ p: 2, flexGrow: 1, minHeight: 0, display: 'flex', flexDirection: 'column', gap: 2 }}>
            <FileDetails file={file} />
            {canDownload && <Preview file={file} />}
          </Box>
          {(canDelete || canDownload) && (
            <>
              <Divider />
              <Stack direction="row" sx={{ p: 2, gap: 1, justifyContent: 'flex-end' }}>
                {canDelete && (
                  <Button color="error" startIcon={<DeleteOutlinedIcon />} onClick={() => onDelete(file)}>
                    {t('table.delete')}
                  </Button>
                )}
                {canDownload && (
                  <Button
                    variant="contained"
                    disableElevation
                    startIcon={<DownloadIcon />}
                    onClick={() => onDownload(file)}
                  >
                    {t('storage.files.download')}
                  </Button>
                )}
              </Stack>
            </>
          )}
        </Stack>
      )}
    </Drawer>
  );
}

function FileDetails({ file }: { file: StorageFile }) {
  const { t } = useTranslation();
  const locale = useLocale();
  const { zone } = useTimeZone();
  const rows: [string, string][] = [
    [t('storage.fields.bucket'), file.bucket_name],
    [t('storage.fields.path'), file.path],
    [t('storage.fields.size'), formatBytes(file.size, locale)],
    [t('storage.fields.mime_type'), file.mime_type],
    [t('storage.fields.owner_email'), file.owner_email ?? file.owner_uid ?? t('common.none')],
    [t('common.fields.updated_at'), formatDateTime(file.updated_at, locale, zone)],
  ];
  return (
    <Box
      component="dl"
      sx={{ m: 0, display: 'grid', gridTemplateColumns: 'max-content 1fr', columnGap: 2, rowGap: 0.5 }}
    >
      {rows.map(([label, value]) => (
        <Box key={label} sx={{ display: 'contents' }}>
          <Typography component="dt" variant="body2" color="text.secondary">
            {label}
          </Typography>
          <Typography component="dd" variant="body2" sx={{ m: 0, overflowWrap: 'anywhere' }}>
            {value}
          </Typography>
        </Box>
      ))}
    </Box>
  );
}

function Preview({ file }: { file: StorageFile }) {
  const { t } = useTranslation();
  const kind = previewKind(file.mime_type);
  const link = useFileUrl(kind === 'none' ? null : file, 'inline');
  const label = t('storage.files.previewOf', { name: fileNameOf(file.path) });
  if (kind === 'none') return <Alert severity="info">{t('storage.files.noPreview')}</Alert>;
  if (link.isError) return <Alert severity="error">{t('common.loadFailed')}</Alert>;
  if (!link.data) {
    return (
      <Stack direction="row" spacing={1} sx={{ alignItems: 'center', color: 'text.secondary' }}>
        <CircularProgress size={18} />
        <Typography variant="body2">{t('storage.files.previewLoading')}</Typography>
      </Stack>
    );
  }
  const frame = {
    flexGrow: 1,
    minHeight: 320,
    border: 1,
    borderColor: 'divider',
    borderRadius: 1,
    bgcolor: 'grey.50',
  };
  if (kind === 'image') {
    return (
      <Box
        sx={{
          ...frame,
          display: 'flex',
          alignItems: 'center',
          justifyContent: 'center',
          p: 1,
          overflow: 'auto',
        }}
      >
        <Box
          component="img"
          src={link.data.url}
          alt={label}
          sx={{ maxWidth: '100%', maxHeight: '100%', objectFit: 'contain' }}
        />
      </Box>
    );
  }
  return (
    <Box
      component="iframe"
      title={label}
      src={link.data.url}
      sx={{ ...frame, width: '100%', bgcolor: 'common.white' }}
    />
  );
}
