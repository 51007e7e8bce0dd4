import Box from '@mui/material/Box';
import { BarChart } from '@mui/x-charts/BarChart';
import type { DashboardCard } from '@pult/contract';
import { useNavigate } from 'react-router';
import { formatDate } from '../../i18n/format-date';
import { useLocale } from '../../i18n/use-locale';
import { dayLink } from './dashboard-api';
import { chartHeight, type Label, useFormat } from './figure-format';

/** The spec's palette: primary blue, then the amber it uses for edits. */
const SERIES_COLORS = ['#1976D2', '#FFA000', '#2E7D32'];

/**
 * Bars per day for the last 30 days; a click on a bar opens that day's records. Its own chunk: the
 * charts library weighs more than the rest of the dashboard (docs/performance.md).
 */
export default function DailyChart({ card, label }: { card: DashboardCard; label: Label }) {
  const locale = useLocale();
  const navigate = useNavigate();
  const format = useFormat(card.unit);
  const shortDay = new Intl.DateTimeFormat(locale, { day: 'numeric', month: 'short', timeZone: 'UTC' });
  return (
    <Box>
      <BarChart
        height={chartHeight(card)}
        colors={SERIES_COLORS}
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
  );
}
