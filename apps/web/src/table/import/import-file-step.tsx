import UploadFileIcon from '@mui/icons-material/UploadFile';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { type DragEvent, useState } from 'react';
import { useTranslation } from '../../i18n/use-translation';
import type { ImportWizard } from './use-import-wizard';

/** Step 1: a file dropped on the area or chosen with the button (a real, focusable file input). */
export function ImportFileStep({ wizard }: { wizard: ImportWizard }) {
  const { t } = useTranslation();
  const [over, setOver] = useState(false);
  const drop = (event: DragEvent) => {
    event.preventDefault();
    setOver(false);
    const file = event.dataTransfer.files[0];
    if (file && wizard.busy === null) wizard.choose(file);
  };
  return (
    <Box
      onDragOver={(event) => {
        event.preventDefault();
        setOver(true);
      }}
      onDragLeave={() => setOver(false)}
      onDrop={drop}
      sx={{
        border: 2,
        borderStyle: 'dashed',
        borderColor: over ? 'primary.main' : 'divider',
        borderRadius: 1,
        bgcolor: over ? 'action.hover' : 'transparent',
        p: { xs: 2, sm: 4 },
        display: 'flex',
        flexDirection: 'column',
        alignItems: 'center',
        gap: 1.5,
        textAlign: 'center',
      }}
    >
      <UploadFileIcon color="action" sx={{ fontSize: 40 }} />
      <Typography>{t('tableTools.import.drop')}</Typography>
      <Button variant="contained" component="label" disabled={wizard.busy !== null}>
        {wizard.busy === 'reading' ? t('tableTools.import.reading') : t('tableTools.import.choose')}
        <input
          hidden
          type="file"
          accept=".csv,text/csv"
          data-testid="import-file"
          onChange={(event) => {
            const file = event.target.files?.[0];
            // Cleared so that choosing the same file again (after fixing it) is a change too.
            event.target.value = '';
            if (file) wizard.choose(file);
          }}
        />
      </Button>
      <Typography variant="body2" color="text.secondary" sx={{ maxWidth: 520 }}>
        {t('tableTools.import.fileHint')}
      </Typography>
    </Box>
  );
}
