import CloudUploadOutlinedIcon from '@mui/icons-material/CloudUploadOutlined';
import DownloadIcon from '@mui/icons-material/Download';
import VisibilityOutlinedIcon from '@mui/icons-material/VisibilityOutlined';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import Stack from '@mui/material/Stack';
import Tooltip from '@mui/material/Tooltip';
import { fileNameOf, filesResource, type StorageFile } from '@pult/contract';
import { useState } from 'react';
import { useRouteCan } from '../../../access/route-resource';
import { useTranslation } from '../../../i18n/use-translation';
import { DeleteRowButton, ResourceTable, RowActionSpacer } from '../../../table';
import { ConfirmDialog } from '../../../ui/confirm-dialog';
import { PageTitle } from '../../../ui/page-title';
import { FilePreviewDrawer } from './file-preview-drawer';
import { UploadDialog } from './upload-dialog';
import { useFileActions } from './use-file-actions';

/** Route `/storage/files`: every file of every bucket, with upload, preview, download and delete. */
export default function FilesPage() {
  const { t } = useTranslation();
  const title = t('menu.items.storageFiles');
  const [uploading, setUploading] = useState(false);
  const [previewed, setPreviewed] = useState<StorageFile | null>(null);
  const actions = useFileActions();
  const canUpload = useRouteCan('files.upload');
  const canDownload = useRouteCan('files.download');
  const askDelete = (file: StorageFile) => actions.remove.ask(file);
  const confirmDelete = () => {
    actions.remove.confirm();
    setPreviewed(null);
  };

  return (
    <>
      <Stack direction="row" sx={{ justifyContent: 'space-between', alignItems: 'flex-start', gap: 2 }}>
        <PageTitle>{title}</PageTitle>
        {canUpload && (
          <Button
            variant="contained"
            disableElevation
            startIcon={<CloudUploadOutlinedIcon />}
            onClick={() => setUploading(true)}
            sx={{ flexShrink: 0, mt: 0.5 }}
          >
            {t('storage.files.upload')}
          </Button>
        )}
      </Stack>
      <ResourceTable<StorageFile>
        descriptor={filesResource}
        label={title}
        rowKey={(file) => file.uuid}
        rowActions={(file) => {
          const name = fileNameOf(file.path);
          return (
            <>
              <Tooltip title={t('storage.files.preview')}>
                <IconButton
                  size="small"
                  aria-label={t('storage.files.previewRow', { name })}
                  onClick={() => setPreviewed(file)}
                >
                  <VisibilityOutlinedIcon fontSize="small" />
                </IconButton>
              </Tooltip>
              {canDownload ? (
                <Tooltip title={t('storage.files.download')}>
                  <IconButton
                    size="small"
                    color="primary"
                    aria-label={t('storage.files.downloadRow', { name })}
                    onClick={() => void actions.download(file)}
                  >
                    <DownloadIcon fontSize="small" />
                  </IconButton>
                </Tooltip>
              ) : (
                <RowActionSpacer />
              )}
              <DeleteRowButton name={name} onClick={() => askDelete(file)} />
            </>
          );
        }}
      />
      {canUpload && <UploadDialog open={uploading} onClose={() => setUploading(false)} />}
      <FilePreviewDrawer
        file={previewed}
        onClose={() => setPreviewed(null)}
        onDownload={(file) => void actions.download(file)}
        onDelete={askDelete}
      />
      <ConfirmDialog
        open={actions.remove.open}
        title={t('storage.files.deleteTitle')}
        text={
          actions.remove.target ? t('storage.files.deleteText', { name: actions.remove.target.path }) : ''
        }
        confirmLabel={t('table.delete')}
        destructive
        busy={actions.remove.deleting}
        onConfirm={confirmDelete}
        onClose={actions.remove.cancel}
      />
    </>
  );
}
