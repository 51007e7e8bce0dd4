import FileUploadIcon from '@mui/icons-material/FileUpload';
import Button from '@mui/material/Button';
import Tooltip from '@mui/material/Tooltip';
import type { ResourceDescriptor } from '@pult/contract';
import { lazy, Suspense, useState } from 'react';
import { useTranslation } from '../../i18n/use-translation';

// The wizard loads when it is opened: no list route pays for it.
const ImportDialog = lazy(() => import('./import-dialog'));

/** "Import CSV", beside "Export CSV" on lists the administrator may create records in. */
export function ImportCsvButton({ descriptor }: { descriptor: ResourceDescriptor }) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  return (
    <>
      <Tooltip title={t('tableTools.import.hint')} describeChild>
        <Button size="small" startIcon={<FileUploadIcon />} onClick={() => setOpen(true)}>
          {t('tableTools.import.button')}
        </Button>
      </Tooltip>
      {open && (
        <Suspense fallback={null}>
          <ImportDialog descriptor={descriptor} onClose={() => setOpen(false)} />
        </Suspense>
      )}
    </>
  );
}
