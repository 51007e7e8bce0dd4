/**
 * The five list shapes of issue 14, each drawing a new random value per request from real data (a
 * sample of the seeded users read through the API before the run), so no cache can answer twice.
 */
export interface ListSample {
  emails: string[];
  /** The seeded range of `created_at`, as UTC days `YYYY-MM-DD`. */
  firstDay: string;
  lastDay: string;
  /** The unfiltered list's last page at 20 rows a page, when known: the deep page goes up to it. */
  lastPage?: number;
}

export interface ListShape {
  name: string;
  /** A query string for one request; `random()` in [0, 1). */
  query: (sample: ListSample, random: () => number) => string;
}

const DAY_MS = 86_400_000;

function pick<T>(items: readonly T[], random: () => number): T {
  const item = items[Math.floor(random() * items.length)];
  if (item === undefined) throw new Error('Empty sample');
  return item;
}

function between(low: number, high: number, random: () => number): number {
  return low + Math.floor(random() * (high - low + 1));
}

/** A 2–3 character substring of a seeded e-mail. */
export function shortFragment(sample: ListSample, random: () => number): string {
  const email = pick(sample.emails, random);
  const length = between(2, 3, random);
  const start = between(0, email.length - length, random);
  return email.slice(start, start + length);
}

/** A 5–6 letter piece of a name as it appears in a seeded e-mail's local part ("koval", "rsenk"). */
export function nameFragment(sample: ListSample, random: () => number): string {
  for (;;) {
    const local = pick(sample.emails, random).split('@')[0] ?? '';
    const runs = local.match(/[a-z]{5,}/g);
    if (!runs) continue;
    const run = pick(runs, random);
    const length = between(5, Math.min(6, run.length), random);
    const start = between(0, run.length - length, random);
    return run.slice(start, start + length);
  }
}

/** A 7-day window (both ends inclusive) inside the seeded range. */
export function weekWindow(sample: ListSample, random: () => number): string {
  const first = Date.parse(`${sample.firstDay}T00:00:00Z`);
  const last = Date.parse(`${sample.lastDay}T00:00:00Z`) - 6 * DAY_MS;
  const from = first + Math.floor(random() * ((last - first) / DAY_MS + 1)) * DAY_MS;
  const day = (ms: number) => new Date(ms).toISOString().slice(0, 10);
  return `${day(from)},${day(from + 6 * DAY_MS)}`;
}

const param = (name: string, value: string) => `${name}=${encodeURIComponent(value)}`;

export const LIST_SHAPES: ListShape[] = [
  { name: 'first page, sort -created_at', query: () => 'sort=-created_at' },
  {
    name: 'status=1 + e-mail contains 2–3 chars',
    query: (sample, random) => `filter[status]=1&${param('filter[email]', shortFragment(sample, random))}`,
  },
  {
    // Issue 26 asks for pages up to 500,000 (ten million rows); a million rows end at page 50,000.
    name: 'random page 1,000 – last (≤ 500,000)',
    query: (sample, random) => `page=${between(1_000, Math.min(500_000, sample.lastPage ?? 50_000), random)}`,
  },
  {
    name: '7-day window + status=1',
    query: (sample, random) => `${param('filter[created_at]', weekWindow(sample, random))}&filter[status]=1`,
  },
  {
    name: 'e-mail contains 5–6 chars of a name',
    query: (sample, random) => param('filter[email]', nameFragment(sample, random)),
  },
];
