import Box from '@mui/material/Box';
import { BarChart } from '@mui/x-charts/BarChart';
import { type ReportGroup, type ReportSection, reportFigureFormat } from '@pult/contract';
import { useLocale } from '../../i18n/use-locale';
import { bucketLabel } from './bucket-label';
import { PRINT_CHART_WIDTH } from './report-print';
import { usePrinting } from './use-printing';

/** The dashboard's palette, then greys and greens for further series. */
const SERIES_COLORS = ['#1976D2', '#FFA000', '#2E7D32', '#7B1FA2', '#C62828', '#00838F', '#424242'];
/** More series than this are summed into the table only: a chart of twenty stacks says nothing. */
const MAX_SERIES = 7;

export interface ReportChartProps {
  section: ReportSection;
  buckets: readonly string[];
  group: ReportGroup;
  label: (key: string, name: string | null) => string;
  /** Retention's two series are compared side by side; the others add up, so they are stacked. */
  stacked: boolean;
}

/**
 * Bars per bucket, one colour per series. Its own chunk, like the dashboard's chart: the charts library
 * is the heaviest part of a report screen (docs/performance.md).
 */
export default function ReportChart({ section, buckets, group, label, stacked }: ReportChartProps) {
  const locale = useLocale();
  const printing = usePrinting();
  const figure = reportFigureFormat(section, locale);
  const shown = section.series.filter((series) => (series.total ?? 0) > 0).slice(0, MAX_SERIES);
  const every = Math.max(1, Math.ceil(buckets.length / 12));
  return (
    <Box>
      <BarChart
        height={shown.length > 1 ? 260 : 220}
        // On screen it fills its card; on paper it takes the page's width (see `usePrinting`).
        width={printing ? PRINT_CHART_WIDTH : undefined}
        colors={SERIES_COLORS}
        margin={{ left: 0, right: 8, top: 8, bottom: 0 }}
        xAxis={[
          {
            scaleType: 'band',
            data: [...buckets],
            valueFormatter: (day: string) => bucketLabel(day, group, locale),
            tickLabelInterval: (_value, index) => index % every === 0,
          },
        ]}
        // Durations read "16,7 хв": wider than a count's ticks.
        yAxis={[
          {
            width: section.unit === 'seconds' ? 64 : 48,
            tickMinStep: 1,
            valueFormatter: (value: number | null) => figure(value),
          },
        ]}
        series={shown.map((series) => ({
          id: series.key,
          label: label(series.key, series.label),
          data: series.values,
          stack: stacked && shown.length > 1 ? 'total' : undefined,
        }))}
        hideLegend={shown.length < 2}
      />
    </Box>
  );
}
