import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardActions from '@mui/material/CardActions';
import CardContent from '@mui/material/CardContent';
import Grid from '@mui/material/Grid';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { Link as RouterLink } from 'react-router';
import { useTranslation } from '../../i18n/use-translation';
import { type MenuSection, TOP_MENU_ITEMS } from '../../shell/menu';
import { useVisibleSections } from '../../shell/use-visible-sections';
import { PageTitle } from '../../ui/page-title';
import { fullName, useProfileBasic } from '../profile';
import { DashboardFigures } from './dashboard-figures';

const PROFILE_ITEM = TOP_MENU_ITEMS.find((item) => item.route === '/profile')!;

/** Route `/dashboard`: a greeting, the modules' figures and a way into every module section. */
export default function DashboardPage() {
  const { t } = useTranslation();
  const profile = useProfileBasic();
  const name = fullName(profile.data);
  const sections = useVisibleSections();
  return (
    <>
      <PageTitle>{name ? t('dashboard.greeting', { name }) : t('dashboard.greetingAnonymous')}</PageTitle>
      <Typography color="text.secondary" sx={{ mt: -2, mb: 3 }}>
        {t('dashboard.intro')}
      </Typography>
      <DashboardFigures />
      <Grid container spacing={3}>
        {sections.map((section) => (
          <Grid key={section.id} size={{ xs: 12, md: 6, xl: 4 }}>
            <SectionCard section={section} />
          </Grid>
        ))}
        <Grid size={{ xs: 12, md: 6, xl: 4 }}>
          <Card variant="outlined" sx={{ height: '100%', display: 'flex', flexDirection: 'column' }}>
            <CardContent sx={{ flexGrow: 1 }}>
              <CardTitle icon={<PROFILE_ITEM.icon color="primary" />} title={t(PROFILE_ITEM.labelKey)} />
              <Typography color="text.secondary">{t('dashboard.profileText')}</Typography>
            </CardContent>
            <CardActions>
              <Button component={RouterLink} to={PROFILE_ITEM.route}>
                {t('common.open')}
              </Button>
            </CardActions>
          </Card>
        </Grid>
      </Grid>
    </>
  );
}

function SectionCard({ section }: { section: MenuSection }) {
  const { t } = useTranslation();
  return (
    <Card variant="outlined" sx={{ height: '100%' }}>
      <CardContent sx={{ pb: 1 }}>
        <CardTitle icon={<section.icon color="primary" />} title={t(section.labelKey)} />
        <Typography color="text.secondary">{t(`dashboard.sectionText.${section.id}`)}</Typography>
      </CardContent>
      <List dense aria-label={t(section.labelKey)}>
        {section.items.map((item) => (
          <ListItem key={item.route} disablePadding>
            <ListItemButton component={RouterLink} to={item.route}>
              <ListItemIcon>
                <item.icon fontSize="small" />
              </ListItemIcon>
              <ListItemText primary={t(item.labelKey)} />
            </ListItemButton>
          </ListItem>
        ))}
      </List>
    </Card>
  );
}

function CardTitle({ icon, title }: { icon: ReactNode; title: string }) {
  return (
    <Stack direction="row" spacing={1} sx={{ alignItems: 'center', mb: 1 }}>
      {icon}
      <Typography variant="h6" component="h2">
        {title}
      </Typography>
    </Stack>
  );
}
