import ConstructionIcon from '@mui/icons-material/Construction';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useParams } from 'react-router';
import type { MenuLabelKey } from '../shell/menu';
import { PageTitle } from './page-title';

export type PlaceholderAction = 'create' | 'edit' | 'view';

export interface PlaceholderPageProps {
  /** The menu label of the screen; it is also the page title. */
  titleKey: MenuLabelKey;
  /** Set on the create/edit/view sub-routes of a list. */
  action?: PlaceholderAction;
}

/**
 * Stands in for a module screen that a later release brings, so every route of spec §2 already exists,
 * is reachable from the menu and says honestly what it is.
 */
export default function PlaceholderPage({ titleKey, action }: PlaceholderPageProps) {
  const { t } = useTranslation();
  const { id } = useParams();
  const overline = action ? [t(`common.${action}`), id].filter(Boolean).join(' · ') : undefined;
  return (
    <>
      <PageTitle overline={overline}>{t(titleKey)}</PageTitle>
      <Paper variant="outlined" sx={{ p: 3 }}>
        <Stack direction="row" spacing={2} sx={{ alignItems: 'center' }}>
          <ConstructionIcon color="action" />
          <Typography>{t('placeholder.text')}</Typography>
        </Stack>
        <Button component={RouterLink} to="/dashboard" sx={{ mt: 2 }}>
          {t('placeholder.toDashboard')}
        </Button>
      </Paper>
    </>
  );
}
