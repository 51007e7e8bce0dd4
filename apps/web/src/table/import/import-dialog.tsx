import CloseIcon from '@mui/icons-material/Close';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import IconButton from '@mui/material/IconButton';
import Step from '@mui/material/Step';
import StepLabel from '@mui/material/StepLabel';
import Stepper from '@mui/material/Stepper';
import type { ImportRow, ResourceDescriptor } from '@pult/contract';
import { useCallback } from 'react';
import { useLocation } from 'react-router';
import { useViewText } from '../../forms/use-view-text';
import { useTranslation } from '../../i18n/use-translation';
import { useLabelText } from '../use-label-text';
import { useStackedLayout } from '../use-stacked-layout';
import { ImportColumnsStep } from './import-columns-step';
import { ImportFileStep } from './import-file-step';
import { ImportPreviewStep } from './import-preview-step';
import { writesOf } from './import-report-parts';
import { ImportSummaryStep } from './import-summary-step';
import { listLinkOf } from './import-values';
import { type ImportStep, useImportWizard } from './use-import-wizard';

const STEPS: readonly ImportStep[] = ['file', 'columns', 'preview', 'summary'];

/** The CSV import wizard of one list (issue 25): file → columns → check → summary. */
export default function ImportDialog({
  descriptor,
  onClose,
}: {
  descriptor: ResourceDescriptor;
  onClose: () => void;
}) {
  const { t, i18n } = useTranslation();
  const viewText = useViewText();
  const labelText = useLabelText();
  const { pathname } = useLocation();
  const stacked = useStackedLayout();
  const wizard = useImportWizard(descriptor);
  // Closing while a commit runs would hide its outcome; the commit itself would go on.
  const closable = wizard.busy !== 'importing';
  const close = () => {
    if (closable) onClose();
  };
  const labelOf = useCallback(
    (name: string) => {
      const field = descriptor.fields.find((known) => known.name === name);
      return field ? labelText(field.label) : name;
    },
    [descriptor, labelText],
  );
  const linkOf = useCallback(
    (row: ImportRow) => listLinkOf(descriptor, pathname, row),
    [descriptor, pathname],
  );
  const number = new Intl.NumberFormat(i18n.language);

  return (
    <Dialog open onClose={close} fullWidth maxWidth="md" fullScreen={stacked} aria-labelledby="import-title">
      <DialogTitle id="import-title" sx={{ pr: 6 }}>
        {t('tableTools.import.title')}
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
        <Stepper activeStep={STEPS.indexOf(wizard.step)} alternativeLabel>
          {STEPS.map((step) => (
            <Step
              key={step}
              completed={wizard.step === 'summary' || STEPS.indexOf(step) < STEPS.indexOf(wizard.step)}
            >
              <StepLabel>{t(`tableTools.import.steps.${step}`)}</StepLabel>
            </Step>
          ))}
        </Stepper>
        {wizard.error && <Alert severity="error">{viewText(wizard.error)}</Alert>}
        {wizard.step === 'file' && <ImportFileStep wizard={wizard} />}
        {wizard.step === 'columns' && (
          <ImportColumnsStep wizard={wizard} keyFields={[...(descriptor.importKey ?? [])]} />
        )}
        {wizard.step === 'preview' && (
          <ImportPreviewStep wizard={wizard} descriptor={descriptor} labelOf={labelOf} />
        )}
        {wizard.step === 'summary' && (
          <ImportSummaryStep
            wizard={wizard}
            descriptor={descriptor}
            labelOf={labelOf}
            linkOf={linkOf}
            onFollow={onClose}
          />
        )}
      </DialogContent>
      <DialogActions sx={{ flexWrap: 'wrap', gap: 1 }}>
        {wizard.step === 'file' && <Button onClick={close}>{t('common.cancel')}</Button>}
        {wizard.step === 'columns' && (
          <>
            <Button onClick={wizard.back}>{t('common.back')}</Button>
            <Button
              variant="contained"
              onClick={wizard.check}
              disabled={wizard.missing.length > 0 || wizard.busy !== null}
            >
              {wizard.busy === 'checking' ? t('tableTools.import.checking') : t('tableTools.import.check')}
            </Button>
          </>
        )}
        {wizard.step === 'preview' && wizard.preview && (
          <PreviewActions wizard={wizard} format={(value) => number.format(value)} />
        )}
        {wizard.step === 'summary' && (
          <>
            <Button onClick={wizard.restart}>{t('tableTools.import.another')}</Button>
            <Button variant="contained" onClick={onClose}>
              {t('tableTools.import.finish')}
            </Button>
          </>
        )}
      </DialogActions>
    </Dialog>
  );
}

function PreviewActions({
  wizard,
  format,
}: {
  wizard: ReturnType<typeof useImportWizard>;
  format: (value: number) => string;
}) {
  const { t } = useTranslation();
  const counts = wizard.preview?.counts;
  if (!counts) return null;
  const writes = writesOf(counts);
  const blocked = counts.rejected > 0 && wizard.options.rows === 'all';
  const busy = wizard.busy !== null;
  return (
    <>
      <Button onClick={wizard.back} disabled={wizard.busy === 'importing'}>
        {t('common.back')}
      </Button>
      <Box sx={{ flexGrow: 1 }} />
      {blocked && writes > 0 && (
        <Button variant="outlined" onClick={() => wizard.commit('valid')} disabled={busy}>
          {t('tableTools.import.commitValid', { count: format(writes) })}
        </Button>
      )}
      <Button variant="contained" onClick={() => wizard.commit()} disabled={busy || blocked || writes === 0}>
        {t('tableTools.import.commit', { count: format(writes) })}
      </Button>
    </>
  );
}
