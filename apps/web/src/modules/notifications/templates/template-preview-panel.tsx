import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Grid from '@mui/material/Grid';
import LinearProgress from '@mui/material/LinearProgress';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import type { TemplatePreview } from '@pult/contract';
import { useTranslation } from '../../../i18n/use-translation';
import { EmailBodyFrame } from '../email-body-frame';

/** The rendered subject and body in uk-UA and en-US side by side. */
export function TemplatePreviewPanel({
  preview,
  loading,
  failed,
}: {
  preview: TemplatePreview | undefined;
  loading: boolean;
  failed: boolean;
}) {
  const { t } = useTranslation();
  return (
    <Paper variant="outlined" sx={{ p: { xs: 2, sm: 3 } }}>
      <Typography variant="h6" component="h2">
        {t('notifications.templates.preview.title')}
      </Typography>
      <Box sx={{ height: 4, my: 1 }}>
        {loading && <LinearProgress aria-label={t('notifications.templates.preview.loading')} />}
      </Box>
      {failed && !preview && <Alert severity="warning">{t('notifications.templates.preview.failed')}</Alert>}
      <Grid container spacing={2}>
        {preview?.renders.map(({ locale, message }) => {
          const language = t(`notifications.translations.language.${locale}`);
          return (
            <Grid key={locale} size={{ xs: 12, md: 6 }}>
              <Typography variant="overline" color="text.secondary">
                {language}
              </Typography>
              {message.subject !== null && (
                <Typography sx={{ fontWeight: 500, mb: 1, wordBreak: 'break-word' }}>
                  <Box component="span" sx={{ color: 'text.secondary', fontWeight: 400 }}>
                    {t('notifications.templates.preview.subject')}:{' '}
                  </Box>
                  {message.subject}
                </Typography>
              )}
              {message.html !== null ? (
                <EmailBodyFrame
                  html={message.html}
                  title={t('notifications.templates.preview.frame', { language })}
                  height={280}
                />
              ) : (
                <Box
                  component="pre"
                  sx={{ m: 0, p: 2, bgcolor: 'grey.50', borderRadius: 1, whiteSpace: 'pre-wrap' }}
                >
                  {message.text}
                </Box>
              )}
            </Grid>
          );
        })}
      </Grid>
    </Paper>
  );
}
