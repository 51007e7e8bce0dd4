import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import type { ImportRow } from '@pult/contract';
import { useTranslation } from 'react-i18next';
import { ChangedRowsTable, ImportCountChips, RejectedRowsTable } from './import-report-tables';
import type { ImportWizard } from './use-import-wizard';

/** Step 4: what the commit wrote, with links to the records in the list, and what it refused. */
export function ImportSummaryStep({
  wizard,
  labelOf,
  linkOf,
  onFollow,
}: {
  wizard: ImportWizard;
  labelOf: (field: string) => string;
  linkOf: (row: ImportRow) => string | null;
  onFollow: () => void;
}) {
  const { t, i18n } = useTranslation();
  const report = wizard.result;
  if (!report) return null;
  const number = new Intl.NumberFormat(i18n.language);
  const { counts } = report;
  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', gap: 2 }}>
      {report.committed ? (
        <Alert severity="success" role="status">
          {t('tableTools.import.done', {
            created: number.format(counts.create),
            updated: number.format(counts.update),
          })}
        </Alert>
      ) : (
        <Alert severity="error">
          {t('tableTools.import.notCommitted', { count: number.format(counts.rejected) })}
        </Alert>
      )}
      <ImportCountChips counts={counts} labels={{ update: t('tableTools.import.counts.updated') }} />
      {report.committed && counts.create > 0 && (
        <ChangedRowsTable
          title={t('tableTools.import.createdTitle')}
          rows={report.created}
          count={counts.create}
          labelOf={labelOf}
          linkOf={linkOf}
          onFollow={onFollow}
        />
      )}
      {report.committed && counts.update > 0 && (
        <ChangedRowsTable
          title={t('tableTools.import.updatedTitle')}
          rows={report.updated}
          count={counts.update}
          labelOf={labelOf}
          linkOf={linkOf}
          onFollow={onFollow}
        />
      )}
      {counts.rejected > 0 && (
        <RejectedRowsTable rows={report.rejected} count={counts.rejected} labelOf={labelOf} />
      )}
    </Box>
  );
}
