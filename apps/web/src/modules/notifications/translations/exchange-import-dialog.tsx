import CloseIcon from '@mui/icons-material/Close';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import IconButton from '@mui/material/IconButton';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { type ImportReport, type ImportRows, type Locale, toLocale } from '@pult/contract';
import { useViewText } from '../../../forms/use-view-text';
import { useTranslation } from '../../../i18n/use-translation';
import {
  ImportChanges,
  ImportCountChips,
  ImportOutcome,
  ImportPreviewNotes,
  ImportRowsChoice,
  RejectedRowsTable,
  writesOf,
} from '../../../table';
import { formatBytes } from '../../../table/format-bytes';
import { useLabelText } from '../../../table/use-label-text';
import { useStackedLayout } from '../../../table/use-stacked-layout';
import { type ExchangeImport, useExchangeImport } from './use-exchange-import';

const FIELD_LABELS: Record<string, string> = {
  group: 'notifications.translations.fields.group',
  key_name: 'notifications.translations.fields.key_name',
  value_uk: 'notifications.translations.fields.value_uk',
  value_en: 'notifications.translations.fields.value_en',
};

/** A translator's file brought back: choose it and its language → check → import → summary. */
export default function ExchangeImportDialog({ onClose }: { onClose: () => void }) {
  const { t, i18n } = useTranslation();
  const viewText = useViewText();
  const labelText = useLabelText();
  const stacked = useStackedLayout();
  const exchange = useExchangeImport(toLocale(i18n.language));
  const closable = exchange.busy !== 'importing';
  const close = () => {
    if (closable) onClose();
  };
  const labelOf = (field: string) => (FIELD_LABELS[field] ? labelText(FIELD_LABELS[field]) : field);

  return (
    <Dialog
      open
      onClose={close}
      fullWidth
      maxWidth="md"
      fullScreen={stacked}
      aria-labelledby="exchange-title"
    >
      <DialogTitle id="exchange-title" sx={{ pr: 6 }}>
        {t('notifications.translations.exchange.importTitle')}
      </DialogTitle>
      <IconButton
        aria-label={t('tableTools.import.close')}
        onClick={close}
        disabled={!closable}
        sx={{ position: 'absolute', right: 8, top: 8 }}
      >
        <CloseIcon />
      </IconButton>
      <DialogContent dividers sx={{ display: 'flex', flexDirection: 'column', gap: 2 }}>
        {exchange.error && <Alert severity="error">{viewText(exchange.error)}</Alert>}
        {exchange.step === 'file' && <FileStep exchange={exchange} />}
        {exchange.step === 'preview' && exchange.preview && (
          <ReportView report={exchange.preview} labelOf={labelOf} rows={exchange.rows} />
        )}
        {exchange.step === 'summary' && exchange.result && (
          <ReportView report={exchange.result} labelOf={labelOf} rows={exchange.rows} summary />
        )}
      </DialogContent>
      <DialogActions sx={{ flexWrap: 'wrap', gap: 1 }}>
        <Actions exchange={exchange} onClose={onClose} />
      </DialogActions>
    </Dialog>
  );
}

function FileStep({ exchange }: { exchange: ExchangeImport }) {
  const { t, i18n } = useTranslation();
  // Locked while the file is checked: a change then would leave a preview of what is no longer asked.
  const locked = exchange.busy !== null;
  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', gap: 2 }}>
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 2, flexWrap: 'wrap' }}>
        <Button variant="outlined" component="label" disabled={locked}>
          {t('notifications.translations.exchange.choose')}
          <input
            hidden
            type="file"
            accept=".xlf,.xliff,.po,.json"
            data-testid="exchange-file"
            onChange={(event) => {
              const file = event.target.files?.[0];
              event.target.value = '';
              if (file) exchange.choose(file);
            }}
          />
        </Button>
        {exchange.file && (
          <Typography sx={{ overflowWrap: 'anywhere' }}>
            {exchange.file.name} · {formatBytes(exchange.file.size, i18n.language)}
          </Typography>
        )}
      </Box>
      <Typography variant="body2" color="text.secondary">
        {t('notifications.translations.exchange.fileHint')}
      </Typography>
      <TextField
        select
        size="small"
        disabled={locked}
        sx={{ maxWidth: 320 }}
        label={t('notifications.translations.exchange.language')}
        value={exchange.locale}
        onChange={(event) => exchange.setLocale(event.target.value as Locale)}
      >
        {exchange.locales.map((locale) => (
          <MenuItem key={locale} value={locale}>
            {t(`notifications.translations.language.${locale}`)}
          </MenuItem>
        ))}
      </TextField>
      <ImportRowsChoice
        id="exchange-rows"
        value={exchange.rows}
        onChange={exchange.setRows}
        disabled={locked}
      />
    </Box>
  );
}

function ReportView({
  report,
  labelOf,
  rows,
  summary = false,
}: {
  report: ImportReport;
  labelOf: (field: string) => string;
  rows: ImportRows;
  summary?: boolean;
}) {
  const { t } = useTranslation();
  const { counts } = report;
  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', gap: 2 }}>
      {summary && <ImportOutcome report={report} />}
      <ImportCountChips
        counts={counts}
        labels={summary ? { update: t('tableTools.import.counts.updated') } : {}}
      />
      {!summary && <ImportPreviewNotes report={report} rows={rows} />}
      {counts.rejected > 0 && (
        <RejectedRowsTable rows={report.rejected} count={counts.rejected} labelOf={labelOf} />
      )}
      {(!summary || report.committed) && <ImportChanges report={report} labelOf={labelOf} />}
    </Box>
  );
}

function Actions({ exchange, onClose }: { exchange: ExchangeImport; onClose: () => void }) {
  const { t, i18n } = useTranslation();
  const number = new Intl.NumberFormat(i18n.language);
  const busy = exchange.busy !== null;
  if (exchange.step === 'file') {
    return (
      <>
        <Button onClick={onClose}>{t('common.cancel')}</Button>
        <Button
          variant="contained"
          onClick={exchange.check}
          disabled={busy || !exchange.file || !exchange.format}
        >
          {exchange.busy === 'checking' ? t('tableTools.import.checking') : t('tableTools.import.check')}
        </Button>
      </>
    );
  }
  if (exchange.step === 'preview' && exchange.preview) {
    const { counts } = exchange.preview;
    const writes = writesOf(counts);
    const blocked = counts.rejected > 0 && exchange.rows === 'all';
    return (
      <>
        <Button onClick={exchange.back} disabled={exchange.busy === 'importing'}>
          {t('common.back')}
        </Button>
        <Box sx={{ flexGrow: 1 }} />
        {blocked && writes > 0 && (
          <Button variant="outlined" onClick={() => exchange.commit('valid')} disabled={busy}>
            {t('tableTools.import.commitValid', { count: number.format(writes) })}
          </Button>
        )}
        <Button
          variant="contained"
          onClick={() => exchange.commit()}
          disabled={busy || blocked || writes === 0}
        >
          {exchange.busy === 'importing'
            ? t('tableTools.import.finishing')
            : t('tableTools.import.commit', { count: number.format(writes) })}
        </Button>
      </>
    );
  }
  return (
    <>
      <Button onClick={exchange.restart}>{t('tableTools.import.another')}</Button>
      <Button variant="contained" onClick={onClose}>
        {t('tableTools.import.finish')}
      </Button>
    </>
  );
}
