import { REPORT_GROUPS, REPORT_PRESETS, type ReportGroup, type ReportPreset } from '@pult/contract';

/**
 * A report screen's choices, kept in the page's URL (`?preset=last-30-days&group=week&split=country`),
 * so a report can be bookmarked and shared, and a saved report (next slice) is these parameters.
 */
export interface ReportChoice {
  /** A preset, or `custom` for `from` and `to`. */
  preset: ReportPreset | 'custom';
  from: string;
  to: string;
  group: ReportGroup;
  /** The report's own filters, by parameter name; an empty value is no filter. */
  filters: Record<string, string>;
}

export const DEFAULT_PRESET: ReportPreset = 'last-30-days';
const PERIOD_PARAMS = new Set(['preset', 'from', 'to', 'group', 'tz']);

function isPreset(value: string | null): value is ReportPreset {
  return value !== null && (REPORT_PRESETS as readonly string[]).includes(value);
}

function isGroup(value: string | null): value is ReportGroup {
  return value !== null && (REPORT_GROUPS as readonly string[]).includes(value);
}

export function choiceFromSearch(search: URLSearchParams): ReportChoice {
  const from = search.get('from') ?? '';
  const to = search.get('to') ?? '';
  const preset = search.get('preset');
  const filters: Record<string, string> = {};
  for (const [name, value] of search) if (!PERIOD_PARAMS.has(name) && value !== '') filters[name] = value;
  return {
    preset: isPreset(preset) ? preset : from && to ? 'custom' : DEFAULT_PRESET,
    from,
    to,
    group: isGroup(search.get('group')) ? (search.get('group') as ReportGroup) : 'day',
    filters,
  };
}

/**
 * The choice after picking a period in the select; an unknown value changes nothing. Custom starts
 * from the period on screen (`resolved`), so switching changes nothing until dates are picked.
 */
export function choiceWithPreset(
  choice: ReportChoice,
  preset: string,
  resolved: { from: string; to: string } | undefined,
): ReportChoice {
  if (preset === 'custom')
    return { ...choice, preset: 'custom', from: resolved?.from ?? '', to: resolved?.to ?? '' };
  return isPreset(preset) ? { ...choice, preset } : choice;
}

/** The choice after picking a grouping in the select; an unknown value changes nothing. */
export function choiceWithGroup(choice: ReportChoice, group: string): ReportChoice {
  return isGroup(group) ? { ...choice, group } : choice;
}

/** The page's URL parameters for a choice (the zone is the panel's setting, not the page's). */
export function searchOfChoice(choice: ReportChoice): URLSearchParams {
  const search = new URLSearchParams();
  if (choice.preset === 'custom') {
    search.set('from', choice.from);
    search.set('to', choice.to);
  } else {
    search.set('preset', choice.preset);
  }
  search.set('group', choice.group);
  for (const [name, value] of Object.entries(choice.filters)) if (value !== '') search.set(name, value);
  return search;
}

/** The API's query: the page's parameters and the zone the panel shows times in. */
export function apiQueryOf(choice: ReportChoice, zone: string): string {
  const search = searchOfChoice(choice);
  search.set('tz', zone);
  return search.toString();
}

/**
 * A lookup filter's options (a country, a bucket): a chosen id the lookup does not (yet, or at all)
 * name is kept as `#<id>`, so the select never reads "All" while the figures are filtered by one.
 */
export function lookupOptions(
  value: string,
  options: readonly { value: string | number; label: string }[],
): { value: string; label: string }[] {
  const named = options.map((option) => ({ value: String(option.value), label: option.label }));
  if (value === '' || named.some((option) => option.value === value)) return named;
  return [{ value, label: `#${value}` }, ...named];
}
