import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { Link as RouterLink } from 'react-router';
import { useTranslation } from '../i18n/use-translation';
import { PageTitle } from './page-title';

/** The catch-all route inside the shell. */
export default function NotFoundPage() {
  const { t } = useTranslation();
  return (
    <>
      <PageTitle>{t('notFound.title')}</PageTitle>
      <Paper variant="outlined" sx={{ p: 3 }}>
        <Typography>{t('notFound.text')}</Typography>
        <Button component={RouterLink} to="/dashboard" variant="contained" sx={{ mt: 2 }}>
          {t('notFound.toDashboard')}
        </Button>
      </Paper>
    </>
  );
}
