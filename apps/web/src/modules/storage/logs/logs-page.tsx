import ScheduleIcon from '@mui/icons-material/Schedule';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import { type LogItem, logsResource } from '@pult/contract';
import { useState } from 'react';
import { useRouteCan } from '../../../access/route-resource';
import { useCan } from '../../../access/use-permissions';
import { useTranslation } from '../../../i18n/use-translation';
import { ResourceTable } from '../../../table';
import { PageTitle } from '../../../ui/page-title';
import { STORAGE_SETTINGS_RESOURCE } from '../storage-api';
import { LogRecordDialog } from './log-record-dialog';
import { OpenRecordButton } from './open-record-button';
import { RetentionDialog } from './retention-dialog';

/** Route `/storage/logs`: user logs the platform's services sent, newest first. */
export default function LogsPage() {
  const { t } = useTranslation();
  const title = t('menu.items.storageLogs');
  const [open, setOpen] = useState<number | null>(null);
  const [retention, setRetention] = useState(false);
  const canOpen = useRouteCan('read');
  const canSeeRetention = useCan(STORAGE_SETTINGS_RESOURCE, 'read');
  return (
    <>
      <Stack direction="row" sx={{ justifyContent: 'space-between', alignItems: 'flex-start', gap: 2 }}>
        <PageTitle>{title}</PageTitle>
        {canSeeRetention && (
          <Button
            startIcon={<ScheduleIcon />}
            onClick={() => setRetention(true)}
            sx={{ flexShrink: 0, mt: 0.5 }}
          >
            {t('storage.logs.retention')}
          </Button>
        )}
      </Stack>
      <ResourceTable<LogItem>
        descriptor={logsResource}
        label={title}
        rowActions={canOpen ? (item) => <OpenRecordButton id={item.id} onOpen={setOpen} /> : undefined}
      />
      <LogRecordDialog resource={logsResource} id={open} onClose={() => setOpen(null)} />
      {canSeeRetention && <RetentionDialog open={retention} onClose={() => setRetention(false)} />}
    </>
  );
}
