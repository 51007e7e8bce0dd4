import CloseIcon from '@mui/icons-material/Close';
import FileDownloadIcon from '@mui/icons-material/FileDownload';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import LinearProgress from '@mui/material/LinearProgress';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import type { ListQuery, ResourceDescriptor } from '@pult/contract';
import { useTranslation } from '../../i18n/use-translation';
import { useCsvExport } from './use-csv-export';

export interface ExportCsvButtonProps {
  descriptor: ResourceDescriptor;
  query: ListQuery;
  /** Rows matching the filter, from the list on screen: the measure of the progress bar. */
  total: number;
}

/** "Export CSV": the whole list in its current filter and sort, with progress while it downloads. */
export function ExportCsvButton({ descriptor, query, total }: ExportCsvButtonProps) {
  const { t, i18n } = useTranslation();
  const { running, progress, start, cancel } = useCsvExport(descriptor, query);
  const number = new Intl.NumberFormat(i18n.language);

  if (!running) {
    return (
      <Tooltip title={t('tableTools.export.hint')} describeChild>
        <Button size="small" startIcon={<FileDownloadIcon />} onClick={start}>
          {t('tableTools.export.button')}
        </Button>
      </Tooltip>
    );
  }
  const label =
    total > 0
      ? t('tableTools.export.progress', { rows: number.format(progress.rows), total: number.format(total) })
      : t('tableTools.export.progressUnknown', { rows: number.format(progress.rows) });
  return (
    <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, minWidth: 220 }} role="status">
      <Box sx={{ flexGrow: 1 }}>
        <Typography variant="caption" color="text.secondary" component="div">
          {label}
        </Typography>
        <LinearProgress
          aria-label={label}
          variant={total > 0 ? 'determinate' : 'indeterminate'}
          value={total > 0 ? Math.min(100, (progress.rows / total) * 100) : undefined}
        />
      </Box>
      <Tooltip title={t('tableTools.export.cancel')}>
        <IconButton size="small" aria-label={t('tableTools.export.cancel')} onClick={cancel}>
          <CloseIcon fontSize="small" />
        </IconButton>
      </Tooltip>
    </Box>
  );
}
