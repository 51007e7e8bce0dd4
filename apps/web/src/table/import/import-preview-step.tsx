import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import LinearProgress from '@mui/material/LinearProgress';
import Typography from '@mui/material/Typography';
import type { ResourceDescriptor } from '@pult/contract';
import { useTranslation } from '../../i18n/use-translation';
import { isSkippedColumn } from './column-mapping';
import { ImportChanges, ImportInvitesNote, ImportPreviewNotes, writesOf } from './import-report-parts';
import { ImportCountChips, RejectedRowsTable } from './import-report-tables';
import type { ImportWizard } from './use-import-wizard';

/** Step 3: the dry run's counts, what would change and what is rejected, and the commit's progress. */
export function ImportPreviewStep({
  wizard,
  descriptor,
  labelOf,
}: {
  wizard: ImportWizard;
  descriptor: ResourceDescriptor;
  labelOf: (field: string) => string;
}) {
  const { t } = useTranslation();
  const report = wizard.preview;
  if (!report) return null;
  const { counts } = report;
  const unknown = report.columns.unknown.filter((column) => !isSkippedColumn(column));
  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', gap: 2 }}>
      {wizard.busy === 'importing' && <CommitProgress wizard={wizard} rows={writesOf(counts)} />}
      <ImportCountChips counts={counts} />
      {unknown.length > 0 && (
        <Alert severity="info">
          {t('tableTools.import.unknownColumns', { columns: unknown.join(', ') })}
        </Alert>
      )}
      <ImportPreviewNotes report={report} rows={wizard.options.rows} />
      <ImportInvitesNote descriptor={descriptor} report={report} />
      {counts.rejected > 0 && (
        <Box sx={{ display: 'flex', flexDirection: 'column', gap: 1 }}>
          <RejectedRowsTable rows={report.rejected} count={counts.rejected} labelOf={labelOf} />
          <Box>
            <Button size="small" onClick={wizard.downloadRejected} disabled={wizard.busy !== null}>
              {t('tableTools.import.downloadRejected')}
            </Button>
          </Box>
        </Box>
      )}
      <ImportChanges report={report} labelOf={labelOf} />
    </Box>
  );
}

/** The commit's bar: the file's bytes as the server reads them, then its last batch and the commit. */
function CommitProgress({ wizard, rows }: { wizard: ImportWizard; rows: number }) {
  const { t, i18n } = useTranslation();
  const number = new Intl.NumberFormat(i18n.language);
  const { sent } = wizard;
  const reading = sent !== null && sent.total > 0 && sent.loaded < sent.total;
  const label = reading
    ? t('tableTools.import.importing', { count: number.format(rows) })
    : t('tableTools.import.finishing');
  return (
    <Box role="status">
      <Typography variant="body2" sx={{ mb: 1 }}>
        {label}
      </Typography>
      <LinearProgress
        aria-label={label}
        variant={reading ? 'determinate' : 'indeterminate'}
        value={reading ? (sent.loaded / sent.total) * 100 : undefined}
      />
    </Box>
  );
}
