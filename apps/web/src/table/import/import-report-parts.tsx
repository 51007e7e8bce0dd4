import Alert from '@mui/material/Alert';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormLabel from '@mui/material/FormLabel';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import {
  ADMIN_INVITATION_TTL_SECONDS,
  IMPORT_ROWS,
  type ImportReport,
  type ImportRow,
  type ImportRows,
  type ResourceDescriptor,
} from '@pult/contract';
import { useTranslation } from '../../i18n/use-translation';
import { ChangedRowsTable } from './import-report-tables';
import { invitationNote } from './import-values';

/** Rows a commit would write. */
export const writesOf = (counts: { create: number; update: number }) => counts.create + counts.update;

/** "If some rows are rejected": import nothing, or the valid rows. */
export function ImportRowsChoice({
  id,
  value,
  onChange,
  disabled,
}: {
  id: string;
  value: ImportRows;
  onChange: (rows: ImportRows) => void;
  disabled: boolean;
}) {
  const { t } = useTranslation();
  return (
    <FormControl disabled={disabled}>
      <FormLabel id={id}>{t('tableTools.import.rows.label')}</FormLabel>
      <RadioGroup
        aria-labelledby={id}
        value={value}
        onChange={(event) => onChange(event.target.value as ImportRows)}
      >
        {IMPORT_ROWS.map((choice) => (
          <FormControlLabel
            key={choice}
            value={choice}
            control={<Radio size="small" />}
            label={t(`tableTools.import.rows.${choice}`)}
          />
        ))}
      </RadioGroup>
    </FormControl>
  );
}

/** A dry run's warnings: nothing to write, or rejected rows that stop an all-or-nothing commit. */
export function ImportPreviewNotes({ report, rows }: { report: ImportReport; rows: ImportRows }) {
  const { t, i18n } = useTranslation();
  const { counts } = report;
  return (
    <>
      {writesOf(counts) === 0 && <Alert severity="info">{t('tableTools.import.nothingToWrite')}</Alert>}
      {counts.rejected > 0 && rows === 'all' && (
        <Alert severity="warning">
          {t('tableTools.import.rejectedBlocks', {
            count: new Intl.NumberFormat(i18n.language).format(counts.rejected),
          })}
        </Alert>
      )}
    </>
  );
}

/** New records without a password are invited by e-mail to set one: said before and after the commit. */
export function ImportInvitesNote({
  descriptor,
  report,
}: {
  descriptor: Pick<ResourceDescriptor, 'importInvites'>;
  report: ImportReport;
}) {
  const { t } = useTranslation();
  const note = invitationNote(descriptor, report);
  if (!note) return null;
  const days = ADMIN_INVITATION_TTL_SECONDS / (24 * 3600);
  return <Alert severity="info">{t(`tableTools.import.${note}`, { days })}</Alert>;
}

/** A commit's outcome: what it wrote, or why it wrote nothing. */
export function ImportOutcome({ report }: { report: ImportReport }) {
  const { t, i18n } = useTranslation();
  const number = new Intl.NumberFormat(i18n.language);
  const { counts } = report;
  return report.committed ? (
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
  );
}

/** The changed records and the new ones, each a table; linked to the list when `linkOf` is given. */
export function ImportChanges({
  report,
  labelOf,
  linkOf,
  onFollow,
}: {
  report: ImportReport;
  labelOf: (field: string) => string;
  linkOf?: (row: ImportRow) => string | null;
  onFollow?: () => void;
}) {
  const { t } = useTranslation();
  const { counts } = report;
  const links = linkOf ? { linkOf, ...(onFollow ? { onFollow } : {}) } : {};
  return (
    <>
      {counts.update > 0 && (
        <ChangedRowsTable
          title={t('tableTools.import.updatedTitle')}
          rows={report.updated}
          count={counts.update}
          labelOf={labelOf}
          {...links}
        />
      )}
      {counts.create > 0 && (
        <ChangedRowsTable
          title={t('tableTools.import.createdTitle')}
          rows={report.created}
          count={counts.create}
          labelOf={labelOf}
          {...links}
        />
      )}
    </>
  );
}
