import ChevronLeftIcon from '@mui/icons-material/ChevronLeft';
import ChevronRightIcon from '@mui/icons-material/ChevronRight';
import Box from '@mui/material/Box';
import IconButton from '@mui/material/IconButton';
import { alpha, type Theme } from '@mui/material/styles';
import Typography from '@mui/material/Typography';
import { type KeyboardEvent, useEffect, useId, useRef, useState } from 'react';
import { useLocale } from '../../i18n/use-locale';
import { useTranslation } from '../../i18n/use-translation';
import { addMonths, monthMatrix, monthOf, todayUtc } from './calendar-days';
import { dayName, monthTitle, weekdayNames } from './calendar-text';
import { isPickKey, movedDay } from './grid-keys';
import { type DayPlace, type DayRange, dayPlace, pickDay, shownRange } from './range-selection';
import { firstDayOfWeek } from './week-info';

export interface RangeCalendarProps {
  /** The range in the popover's From / To fields (a bound not typed as a real day is null). */
  range: DayRange;
  onPick: (range: DayRange) => void;
  /** Today's UTC day; tests fix it. */
  today?: string;
}

/** Cell width: seven of them fit the 300 px popover, and a phone's 390 px screen. */
const CELL = 38;

/** The shape of a day in the range: a band between the bounds, rounded at its two ends. */
function placeStyle(place: DayPlace, theme: Theme) {
  const bound = {
    bgcolor: 'primary.main',
    color: 'primary.contrastText',
    '&:hover': { bgcolor: 'primary.dark' },
  };
  switch (place) {
    case 'single':
      return { ...bound, borderRadius: '50%' };
    case 'start':
      return { ...bound, borderRadius: '50% 0 0 50%' };
    case 'end':
      return { ...bound, borderRadius: '0 50% 50% 0' };
    case 'inside':
      return { bgcolor: alpha(theme.palette.primary.main, 0.18), borderRadius: 0 };
    default:
      return {};
  }
}

/**
 * The month grid of the date filter's range picker (WAI-ARIA APG date picker grid): a click or
 * Enter / Space picks, arrows move by a day or a week, PageUp / PageDown by a month (with Shift a
 * year), Home / End to the week's start and end. Loaded on the picker's first opening, so no route
 * pays for it. The logic is in the plain modules beside it; this only renders.
 */
export default function RangeCalendar({ range, onPick, today = todayUtc() }: RangeCalendarProps) {
  const { t } = useTranslation();
  const locale = useLocale();
  const firstDay = firstDayOfWeek(locale);
  const titleId = useId();
  const gridRef = useRef<HTMLTableElement>(null);
  /** Set by a key that moves the focus, so the new day's cell takes it after the render. */
  const focusAfterRender = useRef(false);
  const [focused, setFocused] = useState(range.from ?? range.to ?? today);
  const [hover, setHover] = useState<string | null>(null);
  const [focusWithin, setFocusWithin] = useState(false);

  // A day typed in the fields (or picked) brings its month into view: the fields and grid are one.
  const [seen, setSeen] = useState(range);
  if (seen.from !== range.from || seen.to !== range.to) {
    setSeen(range);
    const changed = range.from !== seen.from ? range.from : range.to;
    if (changed !== null) setFocused(changed);
  }

  useEffect(() => {
    if (!focusAfterRender.current) return;
    focusAfterRender.current = false;
    gridRef.current?.querySelector<HTMLElement>('[tabindex="0"]')?.focus();
  });

  const month = monthOf(focused);
  const shown = shownRange(range, hover ?? (focusWithin ? focused : null));

  const onKeyDown = (event: KeyboardEvent<HTMLElement>, day: string) => {
    if (isPickKey(event.key)) {
      event.preventDefault();
      onPick(pickDay(range, day));
      return;
    }
    const next = movedDay(event.key, day, firstDay, event.shiftKey);
    if (next === null) return;
    // The keys would otherwise scroll the popover.
    event.preventDefault();
    focusAfterRender.current = true;
    setFocused(next);
    setHover(null);
  };

  return (
    <Box>
      <Box sx={{ display: 'flex', alignItems: 'center', justifyContent: 'space-between', mb: 0.5 }}>
        <IconButton
          size="small"
          aria-label={t('table.dateRange.previousMonth')}
          onClick={() => setFocused(addMonths(focused, -1))}
        >
          <ChevronLeftIcon fontSize="small" />
        </IconButton>
        <Typography id={titleId} variant="subtitle2" component="h2" aria-live="polite">
          {monthTitle(month, locale)}
        </Typography>
        <IconButton
          size="small"
          aria-label={t('table.dateRange.nextMonth')}
          onClick={() => setFocused(addMonths(focused, 1))}
        >
          <ChevronRightIcon fontSize="small" />
        </IconButton>
      </Box>
      <Box
        component="table"
        role="grid"
        ref={gridRef}
        aria-labelledby={titleId}
        onMouseLeave={() => setHover(null)}
        onFocus={() => setFocusWithin(true)}
        onBlur={() => setFocusWithin(false)}
        sx={{ borderCollapse: 'collapse', mx: 'auto', tableLayout: 'fixed' }}
      >
        <thead>
          <tr>
            {weekdayNames(locale, firstDay).map((name) => (
              <Box
                component="th"
                key={name.long}
                scope="col"
                abbr={name.long}
                sx={{ width: CELL, height: 28, p: 0, typography: 'caption', color: 'text.secondary' }}
              >
                {name.short}
              </Box>
            ))}
          </tr>
        </thead>
        <tbody>
          {monthMatrix(month, firstDay).map((week) => (
            <tr key={week[0]?.iso}>
              {week.map((day) => {
                const place = dayPlace(shown, day.iso);
                const isToday = day.iso === today;
                return (
                  <Box
                    component="td"
                    // Said outright: a table cell takes the grid's cell role only by context, which not every tool infers.
                    role="gridcell"
                    key={day.iso}
                    tabIndex={day.iso === focused ? 0 : -1}
                    aria-selected={dayPlace(range, day.iso) !== null}
                    aria-label={dayName(day.iso, locale)}
                    aria-current={isToday ? 'date' : undefined}
                    onClick={() => onPick(pickDay(range, day.iso))}
                    onMouseEnter={() => setHover(day.iso)}
                    onKeyDown={(event: KeyboardEvent<HTMLElement>) => onKeyDown(event, day.iso)}
                    sx={(theme) => ({
                      width: CELL,
                      height: 36,
                      p: 0,
                      textAlign: 'center',
                      typography: 'body2',
                      cursor: 'pointer',
                      userSelect: 'none',
                      borderRadius: '50%',
                      color: day.outside ? 'text.disabled' : 'text.primary',
                      '&:hover': { bgcolor: 'action.hover' },
                      // Today: a ring, so it still shows inside a picked range.
                      ...(isToday && {
                        boxShadow: `inset 0 0 0 1px ${theme.palette.text.secondary}`,
                        fontWeight: 'fontWeightBold',
                      }),
                      ...placeStyle(place, theme),
                      // Outside the cell, on the paper: it shows on a picked day's fill as well.
                      '&:focus-visible': {
                        outline: `2px solid ${theme.palette.primary.main}`,
                        outlineOffset: 1,
                      },
                    })}
                  >
                    {day.day}
                  </Box>
                );
              })}
            </tr>
          ))}
        </tbody>
      </Box>
    </Box>
  );
}
