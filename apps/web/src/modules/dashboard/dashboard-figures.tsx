import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Grid from '@mui/material/Grid';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import { useTranslation } from '../../i18n/use-translation';
import { useDashboardIndex, useDashboardLive } from './dashboard-api';
import { FigureCard } from './figure-card';

/** The cards the server's modules contribute, each loading and failing on its own. */
export function DashboardFigures() {
  const { t } = useTranslation();
  const index = useDashboardIndex();
  useDashboardLive();
  return (
    <section aria-labelledby="dashboard-figures-title">
      <Typography id="dashboard-figures-title" variant="h6" component="h2" sx={{ mb: 2 }}>
        {t('dashboard.figures.title')}
      </Typography>
      {index.isError ? (
        <Alert
          severity="error"
          sx={{ mb: 3 }}
          action={
            <Button color="inherit" size="small" onClick={() => void index.refetch()}>
              {t('dashboard.figures.retry')}
            </Button>
          }
        >
          {t('dashboard.figures.indexFailed')}
        </Alert>
      ) : (
        <Grid container spacing={2} sx={{ mb: 4 }}>
          {index.isPending
            ? [0, 1, 2].map((slot) => (
                <Grid key={slot} size={{ xs: 12, md: 6, xl: 4 }}>
                  <Skeleton variant="rounded" height={220} />
                </Grid>
              ))
            : // Daily charts are wide; single figures and breakdowns share a row.
              index.data.cards.map((card) => (
                <Grid
                  key={card.id}
                  size={card.kind === 'daily' ? { xs: 12, lg: 6 } : { xs: 12, md: 6, xl: 4 }}
                >
                  <FigureCard id={card.id} />
                </Grid>
              ))}
        </Grid>
      )}
    </section>
  );
}
