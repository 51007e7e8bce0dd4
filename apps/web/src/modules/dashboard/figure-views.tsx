import Box from '@mui/material/Box';
import LinearProgress from '@mui/material/LinearProgress';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { BarChart } from '@mui/x-charts/BarChart';
import type { DashboardCard } from '@pult/contract';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useNavigate } from 'react-router';
import { formatDate } from '../../i18n/format-date';
import { useLocale } from '../../i18n/use-locale';
import { formatBytes } from '../../table/format-bytes';
import { dayLink } from './dashboard-api';

type Label = (key: string) => string;

function useFormat(unit: DashboardCard['unit']) {
  const locale = useLocale();
  const numbers = new Intl.NumberFormat(locale);
  return (value: number) => (unit === 'bytes' ? formatBytes(value, locale) : numbers.format(value));
}

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
  const locale = useLocale();
  const navigate = useNavigate();
  const format = useFormat(card.unit);
  const shortDay = new Intl.DateTimeFormat(locale, { day: 'numeric', month: 'short', timeZone: 'UTC' });
  const range = `${card.days[0] ?? ''},${card.days[card.days.length - 1] ?? ''}`;
  return (
    <>
      <Box sx={{ height: 200 }}>
        <BarChart
          height={200}
          margin={{ left: 0, right: 8, top: 8, bottom: 0 }}
          xAxis={[
            {
              scaleType: 'band',
              data: card.days,
              valueFormatter: (day: string, context) =>
                context.location === 'tick'
                  ? shortDay.format(new Date(`${day}T00:00:00Z`))
                  : formatDate(day, locale),
              tickLabelInterval: (_value, index) => index % 7 === 2,
            },
          ]}
          // Counts are whole: no 0.5 ticks.
          yAxis={[{ width: 40, tickMinStep: 1, valueFormatter: (value: number) => format(value) }]}
          series={card.series.map((series) => ({
            id: series.key,
            label: label(series.key),
            data: series.values,
            stack: card.series.length > 1 ? 'total' : undefined,
          }))}
          hideLegend={card.series.length < 2}
          onItemClick={(_event, item) => {
            const series = card.series.find((entry) => entry.key === item.seriesId);
            const day = card.days[item.dataIndex];
            if (series?.link && day) void navigate(dayLink(series.link, day));
          }}
        />
      </Box>
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
