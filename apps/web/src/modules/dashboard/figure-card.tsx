import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useId } from 'react';
import { useTranslation } from '../../i18n/use-translation';
import { useDashboardCard } from './dashboard-api';
import { BreakdownFigure, DailyFigure, ValueFigure } from './figure-views';
import { useFigureText } from './use-figure-text';

/** One dashboard card: a skeleton while it loads, its own error (with a retry) when it fails. */
export function FigureCard({ id }: { id: string }) {
  const { t } = useTranslation();
  const titleId = useId();
  const text = useFigureText(id);
  const card = useDashboardCard(id);
  return (
    <Card
      variant="outlined"
      component="section"
      aria-labelledby={titleId}
      data-card={id}
      sx={{ height: '100%' }}
    >
      <CardContent>
        <Typography id={titleId} variant="subtitle1" component="h2" sx={{ fontWeight: 500, mb: 1 }}>
          {text.title}
        </Typography>
        {card.isPending ? (
          <Stack spacing={1} aria-busy="true" aria-label={t('app.loading')}>
            <Skeleton variant="text" width="40%" height={40} />
            <Skeleton variant="rounded" height={120} />
          </Stack>
        ) : card.isError ? (
          <Alert
            severity="error"
            action={
              <Button color="inherit" size="small" onClick={() => void card.refetch()}>
                {t('dashboard.figures.retry')}
              </Button>
            }
          >
            {t('dashboard.figures.failed')}
          </Alert>
        ) : card.data.kind === 'value' ? (
          <ValueFigure card={card.data} />
        ) : card.data.kind === 'breakdown' ? (
          <BreakdownFigure card={card.data} label={text.label} />
        ) : (
          <DailyFigure card={card.data} label={text.label} />
        )}
      </CardContent>
    </Card>
  );
}
