import Box from '@mui/material/Box';
import type { ImportRow, ResourceDescriptor } from '@pult/contract';
import { useTranslation } from '../../i18n/use-translation';
import { ImportChanges, ImportInvitesNote, ImportOutcome } from './import-report-parts';
import { ImportCountChips, RejectedRowsTable } from './import-report-tables';
import type { ImportWizard } from './use-import-wizard';

/** Step 4: what the commit wrote, with links to the records in the list, and what it refused. */
export function ImportSummaryStep({
  wizard,
  descriptor,
  labelOf,
  linkOf,
  onFollow,
}: {
  wizard: ImportWizard;
  descriptor: ResourceDescriptor;
  labelOf: (field: string) => string;
  linkOf: (row: ImportRow) => string | null;
  onFollow: () => void;
}) {
  const { t } = useTranslation();
  const report = wizard.result;
  if (!report) return null;
  const { counts } = report;
  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', gap: 2 }}>
      <ImportOutcome report={report} />
      <ImportInvitesNote descriptor={descriptor} report={report} />
      <ImportCountChips counts={counts} labels={{ update: t('tableTools.import.counts.updated') }} />
      {report.committed && (
        <ImportChanges report={report} labelOf={labelOf} linkOf={linkOf} onFollow={onFollow} />
      )}
      {counts.rejected > 0 && (
        <RejectedRowsTable rows={report.rejected} count={counts.rejected} labelOf={labelOf} />
      )}
    </Box>
  );
}
