import LockOutlinedIcon from '@mui/icons-material/LockOutlined';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { Link as RouterLink } from 'react-router';
import { useTranslation } from '../i18n/use-translation';
import { PageTitle } from './page-title';

/** A page the administrator's groups do not open: said plainly, inside the shell, with a way on. */
export function NoAccessPage({ groups }: { groups: readonly string[] }) {
  const { t } = useTranslation();
  return (
    <>
      <PageTitle>{t('noAccess.title')}</PageTitle>
      <Paper variant="outlined" sx={{ p: 3 }}>
        <Stack direction="row" spacing={2} sx={{ alignItems: 'flex-start' }}>
          <LockOutlinedIcon color="action" sx={{ mt: 0.25 }} />
          <Stack spacing={1}>
            <Typography>{t('noAccess.text')}</Typography>
            <Typography color="text.secondary" variant="body2">
              {groups.length > 0
                ? t('noAccess.groups', { groups: groups.join(', ') })
                : t('noAccess.noGroups')}
            </Typography>
          </Stack>
        </Stack>
        <Button component={RouterLink} to="/dashboard" variant="contained" sx={{ mt: 2 }}>
          {t('notFound.toDashboard')}
        </Button>
      </Paper>
    </>
  );
}
