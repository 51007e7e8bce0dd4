import Box from '@mui/material/Box';
import LinearProgress from '@mui/material/LinearProgress';
import Link from '@mui/material/Link';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { DashboardCard } from '@pult/contract';
import { Suspense } from 'react';
import { Link as RouterLink } from 'react-router';
import { lazyWithRetry } from '../../app/lazy-with-retry';
import { useTranslation } from '../../i18n/use-translation';
import { dayLink } from './dashboard-api';
import { chartHeight, type Label, useFormat } from './figure-format';

const DailyChart = lazyWithRetry(() => import('./daily-chart'));

/** One figure, the whole of it a link to the list it counts. */
export function ValueFigure({ card }: { card: DashboardCard }) {
  const format = useFormat(card.unit);
  const item = card.items[0];
  if (!item) return null;
  const figure = (
    <Typography component="span" variant="h3" sx={{ fontWeight: 400 }}>
      {format(item.value)}
    </Typography>
  );
  return item.link ? (
    <Link component={RouterLink} to={item.link} underline="hover" data-figure={item.key}>
      {figure}
    </Link>
  ) : (
    figure
  );
}

/** A figure per key, each a link to the list filtered to it, with its share as a bar. */
export function BreakdownFigure({ card, label }: { card: DashboardCard; label: Label }) {
  const format = useFormat(card.unit);
  const max = Math.max(1, ...card.items.map((item) => item.value));
  return (
    <Stack component="ul" spacing={1} sx={{ listStyle: 'none', m: 0, p: 0 }}>
      {card.items.map((item) => (
        <Box component="li" key={item.key}>
          <Stack direction="row" sx={{ justifyContent: 'space-between', gap: 2 }}>
            {item.link ? (
              <Link component={RouterLink} to={item.link} underline="hover" data-figure={item.key}>
                {label(item.key)}
              </Link>
            ) : (
              <Typography>{label(item.key)}</Typography>
            )}
            <Typography sx={{ fontVariantNumeric: 'tabular-nums' }}>{format(item.value)}</Typography>
          </Stack>
          <LinearProgress
            variant="determinate"
            value={(item.value / max) * 100}
            aria-hidden="true"
            sx={{ height: 4, borderRadius: 2, mt: 0.5 }}
          />
        </Box>
      ))}
    </Stack>
  );
}

/**
 * Bars per day for the last 30 days; a click on a bar opens that day's records. Each series' total
 * is a link too (the list over the 30 days), for keyboards and screen readers.
 */
export function DailyFigure({ card, label }: { card: DashboardCard; label: Label }) {
  const { t } = useTranslation();
  const format = useFormat(card.unit);
  const range = `${card.days[0] ?? ''},${card.days[card.days.length - 1] ?? ''}`;
  return (
    <>
      {/* The charts library is most of the dashboard's weight: the figures show first, the bars after. */}
      <Suspense fallback={<Skeleton variant="rounded" height={chartHeight(card)} />}>
        <DailyChart card={card} label={label} />
      </Suspense>
      <Stack direction="row" sx={{ gap: 2, flexWrap: 'wrap', mt: 1 }}>
        {card.series.map((series) => {
          const total = series.values.reduce((sum, value) => sum + value, 0);
          const text = `${label(series.key)} — ${t('dashboard.figures.last30', { total: format(total) })}`;
          return series.link ? (
            <Link key={series.key} component={RouterLink} to={dayLink(series.link, range)} variant="body2">
              {text}
            </Link>
          ) : (
            <Typography key={series.key} variant="body2">
              {text}
            </Typography>
          );
        })}
      </Stack>
      <Typography variant="caption" color="text.secondary">
        {t('dashboard.figures.chartHint')}
      </Typography>
    </>
  );
}
