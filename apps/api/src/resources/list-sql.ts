import {
  type Condition,
  effectiveSort,
  type ListItemVersion,
  type ListResponse,
  type Locale,
  pageCountOfTotal,
  type ResourceDescriptor,
  recordEtag,
  type SortTerm,
} from '@pult/contract';
import { type RawBuilder, sql } from 'kysely';
import type { Executor } from '../db/database.js';
import { prepared } from '../db/prepared-statements.js';
import { metrics } from '../metrics/metrics.js';
import { indexWindow, sampleTrigramShares } from './contains-window.js';
import { knownScope, type SetFilter } from './countable-scope.js';
import {
  type DayCountFilter,
  type DayCounts,
  dayBoundary,
  dayCountFilter,
  dayCountTotal,
  seekDay,
} from './day-counts.js';
import { isPresentable, provesMoreThan, shareRelativeError } from './estimate-precision.js';
import type { ListRequest } from './list-request.js';
import {
  type ColumnKind,
  currentSample,
  type ListSample,
  type SampledColumn,
  type SampleTarget,
  sampleMatches,
} from './list-sample.js';
import {
  boundedTotal,
  EXACT_TOTAL_BUDGET,
  isQueryCanceled,
  overLimitTotal,
  plannerEstimate,
  type SampledCount,
  type Total,
  type TotalBudget,
  totalBudget,
  withBudget,
} from './list-total.js';
import { withRowScope } from './row-scope.js';

export type { ColumnKind };

export interface ListColumn {
  sql: RawBuilder<unknown>;
  kind: ColumnKind;
  /**
   * A GIN index over `list_bigrams(lower(sql))` exists (`bigramIndex`): a two-character "contains"
   * filter, which a trigram index cannot serve, is answered through it.
   */
  bigrams?: boolean;
  /** A filter that is not a comparison of `sql` ("missing a language", say); bound values only. */
  where?: (condition: Condition) => RawBuilder<unknown>;
  /** What a sort by this column orders by, when not `sql` itself (a name in the reader's alphabet). */
  order?: RawBuilder<unknown>;
  /** The stored array behind a list field shown as text (groups): a grant's condition compares it. */
  array?: RawBuilder<unknown>;
  /**
   * `lower(sql)`, as the indexes a page walks hold it (a key column of an expression index, which an
   * index-only scan reads instead of computing it). Such a walk checks a "contains" filter as
   * `lower(sql) like lower(pattern)`, which selects exactly what `ilike` does (`ilike` is `lower()` of
   * both sides and a `like`), without folding every entry it reads: 1.3 ms against 4.6 for a walk past
   * 3,000 of a million users. Along an index without it, `lower()` is computed per entry, as `ilike` did.
   */
  folded?: RawBuilder<unknown>;
}

/**
 * Where a resource's list reads from. Every sortable or filterable field of the descriptor needs a
 * column here; the SQL is built from the descriptor's grammar only, and values are always bound.
 */
export interface ListSource<Row, Item> {
  descriptor: ResourceDescriptor;
  /** The reader's language, for a list whose default sort follows it (`defaultSortIn`). */
  locale?: Locale;
  /** The listed table and its alias; filters and sorts may only use its columns. */
  table: string;
  alias: string;
  /**
   * Joins for display only (names of referenced records). They are applied to the one page after it
   * is chosen, so a deep page or a count never joins the rows it skips.
   */
  joins?: RawBuilder<unknown>;
  /** The select list over the alias and the joins; it may depend on the language. */
  select: RawBuilder<unknown>;
  columns: Record<string, ListColumn>;
  /** The primary-key column: the tie-breaker of every sort, so pages never overlap or skip rows. */
  key: string;
  toItem: (row: Row) => Item;
  /**
   * A table whose exact size `row_counts` keeps: an unfiltered list reads its total from there, and a
   * filtered one estimates its matches from a sample of the table (`list-sample.ts`). Such a big
   * list's unfiltered pages and first walked pages are prepared statements, so its `select` names
   * columns (no `*`: a column added by a migration would change a kept statement's result).
   */
  countedTable?: string;
  /**
   * Counters per day (and bucket) of the table (`trackDayCounts`): totals of date and bucket filters
   * are sums of them, and deep pages of the date sort start in their day. Read by a scoped list only
   * when its scope is countable (`countable-scope.ts`).
   */
  dayCounts?: DayCounts;
  /**
   * A condition every row of this list meets whatever the request asks (a user's own files, say),
   * over the listed table's columns. A list so scoped never reads `countedTable`.
   */
  scope?: RawBuilder<unknown>;
}

/**
 * A list source with what the engine knows of its scope: `sets` are set filters that say exactly
 * which rows the scope admits (none when it admits every row), absent when the scope is opaque SQL.
 * The scope's SQL is applied either way; the sets only let the counters and the sample answer.
 */
interface EngineSource<Row, Item> extends ListSource<Row, Item> {
  sets?: readonly SetFilter[];
  /**
   * Per "contains" field, the part of its fragment a trigram index is asked for when matches are
   * collected through it (contains-window.ts), from the sample; absent, the whole fragment.
   */
  windows?: ReadonlyMap<string, string>;
}

/** How many times the count limit a windowed "contains" filter may collect (see `runList`). */
const WINDOWED_COLLECTION = 10;

/**
 * A page of a list and its total (the strategy: docs/architecture.md, "Totals" and "Plans for
 * filters"). A filter expected to match few rows is collected once, for both the page and an exact
 * total; otherwise the page is found on an index while the total comes from the counters, a bounded
 * count or the estimate, side by side.
 */
export async function runList<Row, Item>(
  executor: Executor,
  listSource: ListSource<Row, Item>,
  request: ListRequest,
  budget: TotalBudget = totalBudget(),
): Promise<ListResponse<Item>> {
  const sets = knownScope(listSource, request.scope);
  const scoped = withRowScope(listSource, request.scope);
  const listed: EngineSource<Row, Item> = {
    ...scoped,
    // Each row's version, read with it (the page's rows are read from the table itself).
    select: sql`${scoped.select}, ${sql.ref(`${scoped.alias}.xmin`)}::text as list_version`,
    ...(sets && { sets }),
  };
  const { query, conditions } = request;
  const sort = effectiveSort(listed.descriptor, query, listed.locale);
  const counted =
    listed.dayCounts && sets
      ? dayCountFilter(listed.dayCounts, conditions, sets, (field) => !columnOf(listed, field).where)
      : undefined;
  const planned = await plannedMatches(executor, listed, conditions, counted);
  const source = planned?.windows ? { ...listed, windows: planned.windows } : listed;
  const few = planned !== undefined && planned.rows <= budget.countLimit;
  // A fragment the trigram index is asked for by its uncommon part (contains-window.ts) is collected
  // through it up to ten times the count limit, whatever the sample expects below that, when sorting
  // its matches costs less than walking the sort's index past the rows that do not match (310 ms for
  // "user4242", 2,213 matches among 10M queued e-mails, which the sample had put under the limit).
  const windowedLimit = budget.countLimit * WINDOWED_COLLECTION;
  const windowed =
    planned?.windows !== undefined &&
    planned.rows <= windowedLimit &&
    collectingBeatsWalking(planned, query.page * query.perPage + 1);
  const collected =
    (few || windowed) && !query.exactTotal
      ? await collectPage(
          executor,
          source,
          request,
          sort,
          windowed ? { ...budget, countLimit: windowedLimit } : budget,
        )
      : undefined;
  if (collected?.page)
    return answer(source, query, collected.page, { total: collected.matches, kind: 'exact' });
  const tableSize = tableSizeOf(source);
  if (tableSize && isUnfiltered(source, conditions))
    return unfilteredList(executor, source, request, sort, counted, tableSize);
  const [page, found] = await Promise.all([
    collected && collected.matches === undefined
      ? pageAfterSlowCollection(executor, source, request, sort, budget)
      : findPage(executor, source, request, sort, counted, few && !collected),
    collected
      ? estimatedTotal(executor, source, conditions, budget, planned, collected.matches)
      : totalOf(
          executor,
          source,
          conditions,
          counted,
          query.exactTotal ? EXACT_TOTAL_BUDGET : budget,
          planned,
        ),
  ]);
  return answer(source, query, page, found);
}

/**
 * Whether collecting a filter's expected matches reads fewer rows than walking the sort's index to
 * the page's end (`through` rows of the list): a walk meets a match every `population / rows` rows.
 * So 10,442 matches of "asenko" among a million users are walked (2,000 index entries to the first
 * page, against 10,442 rows fetched and sorted: 8 ms, where the collection ran out of its 30 ms),
 * and 2,213 of "user4242" among ten million e-mails are collected (95,000 entries to walk).
 */
function collectingBeatsWalking(planned: Planned, through: number): boolean {
  const population = planned.sample?.population;
  if (population === undefined) return true;
  return planned.rows * planned.rows <= through * population;
}

/**
 * A big list without filters: its total is the table's counter, read by the page's own statement
 * (one round trip of three on such a request, instead of two statements side by side), or on its own
 * when the page is past the end and has no row to carry it.
 */
async function unfilteredList<Row, Item>(
  executor: Executor,
  source: EngineSource<Row, Item>,
  request: ListRequest,
  sort: SortTerm[],
  counted: DayCountFilter | undefined,
  tableSize: string,
): Promise<ListResponse<Item>> {
  const counter = sql`(select n from row_counts where table_name = ${tableSize})`;
  const rows = await findPage(executor, source, request, sort, counted, false, counter);
  const carried = (rows[0] as { list_total?: number | string } | undefined)?.list_total;
  const total = carried === undefined ? await rowCount(executor, tableSize) : Number(carried);
  const page = rows.map((row) => {
    const { list_total: _, ...own } = row as Row & { list_total?: unknown };
    return own as Row;
  });
  return answer(source, request.query, page, { total, kind: 'exact' });
}

function answer<Row, Item>(
  source: ListSource<Row, Item>,
  query: ListRequest['query'],
  page: Row[],
  found: Total,
): ListResponse<Item> {
  const offset = (query.page - 1) * query.perPage;
  const items = page.slice(0, query.perPage);
  const { total, kind } = reconcile(found, offset, items.length, page.length > query.perPage);
  metrics.listTotal(kind);
  return {
    items: items.map((row) => withVersion(row, source.toItem)),
    total,
    totalExact: kind === 'exact',
    totalKind: kind,
    pageCount: pageCountOfTotal(total, kind, query.perPage),
  };
}

/** A row's item with its version (`ListItemVersion`), as its record's `GET` answers it in `ETag`. */
function withVersion<Row, Item>(row: Row, toItem: (row: Row) => Item): Item & ListItemVersion {
  // Every page statement selects `list_version` beside the source's own columns (`runList`).
  const { list_version: version, ...own } = row as Row & { list_version?: string };
  return { ...toItem(own as Row), ...(version === undefined ? {} : { version: recordEtag(version) }) };
}

interface Planned {
  rows: number;
  /**
   * The sample saw enough matches for its estimate to be presented (`estimate-precision.ts`): the
   * share of the stratum's rows that match, the stratum being what the counters count exactly.
   */
  presentable?: StratumShare;
  /** Present when the in-process sample answered: its hits, of how many rows it drew from how many. */
  sample?: { hits: number; drawn: number; population: number };
  /** The parts of "contains" fragments to ask a trigram index for (`EngineSource.windows`). */
  windows?: ReadonlyMap<string, string>;
}

/**
 * A share of the rows the counters count: those of the filter's day and bucket conditions (and a
 * scope's set of buckets), or the whole table when `counted` is absent. Scaled by today's counters,
 * the estimate follows every write the counters see (rows added, statuses changed) at once; only
 * the share itself is as old as the sample.
 */
interface StratumShare {
  counted?: DayCountFilter;
  share: number;
}

/**
 * How many rows a filter is expected to match, when neither the table's counter nor the day counters
 * answer its total: it decides both how the total is found and how the page is. A big list's sample
 * answers when it can judge every condition (`list-sample.ts`), the planner otherwise. `sample`
 * says the sample answered: its estimate is then a share of the table's size. The planner's figure
 * is never presented: its statistics cannot know a "contains" fragment's share.
 */
async function plannedMatches<Row, Item>(
  executor: Executor,
  source: EngineSource<Row, Item>,
  conditions: Condition[],
  counted: DayCountFilter | undefined,
): Promise<Planned | undefined> {
  if (isUnfiltered(source, conditions) || (source.dayCounts && counted)) return undefined;
  const countedTable = tableSizeOf(source);
  if (countedTable) {
    const target = sampleTargetOf(source, countedTable);
    const { columns } = target;
    const sample = currentSample(executor, target);
    const hits = sample && sampleMatches(sample, columns, conditions, source.sets);
    if (sample && hits !== undefined) {
      const rows = sample.size === 0 ? 0 : Math.round((hits / sample.size) * sample.tableRows);
      const presentable = stratumShare(source, sample, columns, conditions, hits);
      const seen = { hits, drawn: sample.size, population: sample.tableRows };
      const windows = containsWindows(sample, columns, conditions);
      return { rows, sample: seen, ...(presentable && { presentable }), ...(windows && { windows }) };
    }
  }
  const where = whereClause(source, conditions, [], 'estimate');
  return {
    rows: await plannerEstimate(executor, sql`select 1 from ${baseOf(source)} ${where}`),
  };
}

/**
 * For each "contains" condition the sample holds folded, the part of its fragment whose trigrams are
 * uncommon in the sample (contains-window.ts), taken from the fragment as typed. None when folding
 * changed the fragment's length: the part could then miss what the whole matches.
 */
function containsWindows(
  sample: ListSample,
  columns: Record<string, SampledColumn>,
  conditions: Condition[],
): Map<string, string> | undefined {
  const windows = new Map<string, string>();
  for (const condition of conditions) {
    if (condition.type !== 'text' || !columns[condition.field]?.contains) continue;
    const typed = [...condition.value];
    const folded = [...condition.value.toLowerCase()];
    const shares = sampleTrigramShares(sample, condition.field);
    if (!shares || folded.length !== typed.length) continue;
    const found = indexWindow(folded.join(''), shares);
    if (found) windows.set(condition.field, typed.slice(found.start, found.end).join(''));
  }
  return windows.size > 0 ? windows : undefined;
}

/**
 * The sample's share of matches within the stratum the counters count, when it is precise enough to
 * present. The stratum is judged in the sample too: its rows there are the share's denominator.
 */
function stratumShare<Row, Item>(
  source: EngineSource<Row, Item>,
  sample: ListSample,
  columns: Record<string, SampledColumn>,
  conditions: Condition[],
  hits: number,
): StratumShare | undefined {
  const stratum = stratumOf(source, conditions);
  const drawn = sampleMatches(sample, columns, stratum.conditions, stratum.sets);
  if (drawn === undefined || drawn === 0) return undefined;
  const population = (drawn / sample.size) * sample.tableRows;
  if (!isPresentable(shareRelativeError(hits, drawn, population))) return undefined;
  return { share: hits / drawn, ...(stratum.counted && { counted: stratum.counted }) };
}

/**
 * The filter's conditions the day counters count (its day range and bucket), with a scope's set of
 * buckets when the counters can count that too; no conditions and no filter when there are none.
 */
function stratumOf<Row, Item>(
  source: EngineSource<Row, Item>,
  conditions: Condition[],
): { conditions: Condition[]; sets: readonly SetFilter[]; counted?: DayCountFilter } {
  const counts = source.dayCounts;
  if (!counts) return { conditions: [], sets: [] };
  const plain = (field: string) => !columnOf(source, field).where;
  const countable = conditions.filter((condition) => dayCountFilter(counts, [condition], [], plain));
  const sets = source.sets ?? [];
  const withSets = dayCountFilter(counts, countable, sets, plain);
  if (withSets && (countable.length > 0 || sets.length > 0))
    return { conditions: countable, sets, counted: withSets };
  const counted = countable.length > 0 ? dayCountFilter(counts, countable, [], plain) : undefined;
  return { conditions: countable, sets: [], ...(counted && { counted }) };
}

/** A presentable share scaled by the counters as they are now. */
async function stratumTotal<Row, Item>(
  executor: Executor,
  source: EngineSource<Row, Item>,
  stratum: StratumShare,
  tableSize: string,
): Promise<number> {
  const rows =
    source.dayCounts && stratum.counted
      ? await dayCountTotal(executor, source.dayCounts, stratum.counted)
      : await rowCount(executor, tableSize);
  return Math.round(stratum.share * rows);
}

/** The sample a big list's estimates come from: its table, the counter of its size, the columns it holds. */
export function sampleTargetOf<Row, Item>(source: ListSource<Row, Item>, countedTable: string): SampleTarget {
  return { table: source.table, alias: source.alias, countedTable, columns: sampledColumns(source) };
}

/**
 * The columns a sample can hold: those compared as themselves, not through their own `where`; a
 * field filtered by "contains" is held folded to lower case.
 */
function sampledColumns<Row, Item>(source: ListSource<Row, Item>): Record<string, SampledColumn> {
  const contains = new Set(
    source.descriptor.fields.filter((field) => field.filter?.type === 'text').map((field) => field.name),
  );
  return Object.fromEntries(
    Object.entries(source.columns)
      .filter(([, column]) => !column.where)
      .map(([field, column]) => [
        field,
        { sql: column.sql, kind: column.kind, contains: contains.has(field) },
      ]),
  );
}

/**
 * The counter of the table's size, for a list that may read it: one whose scope, if any, is known as
 * set filters (the sample then scales its share of matches by the table's size).
 */
function tableSizeOf<Row, Item>(source: EngineSource<Row, Item>): string | undefined {
  return source.countedTable && source.sets ? source.countedTable : undefined;
}

/**
 * No condition the engine reasons about: no filter and no set filter of a scope. An opaque scope
 * counts as none, so its list is never estimated and its total is a bounded count, as before.
 */
function isUnfiltered<Row, Item>(source: EngineSource<Row, Item>, conditions: Condition[]): boolean {
  return conditions.length === 0 && !source.sets?.length;
}

/** Below this offset a page skips so few keys that finding its day first would cost more. */
const DAY_SEEK_MIN_OFFSET = 1_000;

/**
 * The page's rows and one more (which says whether a next page exists). A deferred join: the page is
 * found on the keys alone (an index-only scan when an index covers the filter and sort), then its
 * rows and their names are fetched, so a deep page does not read every row it skips. A deep page of
 * the day-counted date sort first finds its day from the counters and skips only within that day.
 *
 * A filter expected to match `few` rows collects its matches first (through the filter's own index)
 * and sorts them: walking the sort's index until a page of matches turns up is the planner's choice
 * for a LIMIT, and it reads the whole table when the matches are rarer than it thinks or absent (a
 * two-letter fragment no e-mail contains took 12 s, past the statement timeout).
 */
async function findPage<Row, Item>(
  executor: Executor,
  source: ListSource<Row, Item>,
  request: ListRequest,
  sort: SortTerm[],
  counted: DayCountFilter | undefined,
  few: boolean,
  /** A scalar read beside the page, on each row as `list_total` (`unfilteredList`). */
  total?: RawBuilder<unknown>,
): Promise<Row[]> {
  const { query, conditions } = request;
  let offset = (query.page - 1) * query.perPage;
  const extra: RawBuilder<unknown>[] = [];
  const first = sort[0];
  const counts = source.dayCounts;
  if (counts && counted && first && sort.length === 1 && first.field === counts.dayField) {
    if (offset >= DAY_SEEK_MIN_OFFSET) {
      const seek = await seekDay(executor, counts, counted, first.direction, offset);
      if (seek) {
        extra.push(dayBoundary(columnOf(source, counts.dayField).sql, first.direction, seek.day));
        offset -= seek.before;
      }
    }
  }
  const orderBy = orderByClause(source, sort);
  const base = baseOf(source);
  const where = whereClause(source, conditions, extra, few ? 'collect' : 'page');
  // `offset 0` keeps the subquery whole, so the planner cannot push the sort's LIMIT into it.
  const from = few
    ? sql`(select * from ${base} ${where} offset 0) as ${sql.id(source.alias)}`
    : sql`${base} ${where}`;
  // A big list's page without a filter, or with only the counted day and bucket ones: one plan suits
  // every page, so it is kept prepared (see `countedTable`). So is the first page of a filter walked
  // along the sort's index: its "contains" patterns are hidden from the planner ('page'), and with
  // the page size written out, PostgreSQL's plan cache finds the generic plan as good as a custom one
  // after five runs and stops planning it (0.3–0.5 ms a request). Its LIMIT as a parameter would be
  // guessed at a tenth of the rows, and the generic plan would sort instead of walking.
  const stablePlan = source.countedTable !== undefined && (conditions.length === 0 || counted !== undefined);
  const firstWalkedPage = source.countedTable !== undefined && !few && offset === 0;
  const window = firstWalkedPage
    ? sql`limit ${sql.lit(query.perPage + 1)}`
    : sql`limit ${query.perPage + 1} offset ${offset}`;
  const keys = sql`select ${keyOf(source)} from ${from} order by ${orderBy} ${window}`;
  const carried = total ? sql`, ${total} as list_total` : sql``;
  const statement = sql<Row>`select ${source.select}${carried} from (${keys}) as page
    join ${base} using (${sql.id(source.key)}) ${source.joins ?? sql``} order by ${orderBy}`;
  const { rows } = await (stablePlan || firstWalkedPage ? prepared(statement) : statement).execute(executor);
  return rows;
}

/**
 * Every match collected: the page (and the row after it) and their number. Otherwise `matches` is
 * `countLimit + 1` when there were more than the limit, absent when time ran out.
 */
type Collected<Row> = { page: Row[]; matches: number } | { page?: undefined; matches?: number };

/**
 * A filter expected to match few rows: its matches are collected once, up to the count limit and
 * within the count's time budget, and both the page and the exact total come from that one
 * collection. Collecting them twice (a fenced page and a bounded count side by side) cost two bitmap
 * scans of the same heap pages, 7–20 ms each on a million users for a rare name fragment. When the
 * collection finds more than the limit, the estimate was short and the page is walked instead.
 */
async function collectPage<Row, Item>(
  executor: Executor,
  source: ListSource<Row, Item>,
  request: ListRequest,
  sort: SortTerm[],
  budget: TotalBudget,
): Promise<Collected<Row> | undefined> {
  const { query, conditions } = request;
  const offset = (query.page - 1) * query.perPage;
  const base = baseOf(source);
  const orderBy = orderByClause(source, sort);
  const where = whereClause(source, conditions, [], 'collect');
  const statement = sql<Row & { list_matches: number }>`with matches as materialized (
      select * from ${base} ${where} limit ${budget.countLimit + 1}
    )
    select ${source.select}, (select count(*) from matches)::int as list_matches
    from (select ${keyOf(source)} from matches as ${sql.id(source.alias)}
      order by ${orderBy} limit ${query.perPage + 1} offset ${offset}) as page
    join ${base} using (${sql.id(source.key)}) ${source.joins ?? sql``} order by ${orderBy}`;
  const rows = await withBudget(executor, budget.budgetMs, (runner) => statement.execute(runner)).then(
    (result) => result.rows,
    (error: unknown) => {
      if (!isQueryCanceled(error)) throw error;
      metrics.countBudgetExceeded();
      return undefined;
    },
  );
  if (!rows) return {};
  const first = rows[0];
  // An empty page past the first says nothing of the matches: the list answers as if never collected.
  if (!first) return offset === 0 ? { page: [], matches: 0 } : undefined;
  const matches = Number(first.list_matches);
  if (matches > budget.countLimit) return { matches };
  const page = rows.map(({ list_matches: _, ...row }) => row as Row);
  return { page, matches };
}

/**
 * The collection ran out of time: the filter's index finds far more candidates than matches (a
 * fragment like "i.k", whose trigrams are one-letter words: 126,000 candidates for 2,800 matches), or
 * an estimate (the planner's floor, an old sample) hid a few thousand matches. Walking the sort's index finds a page of
 * such a filter in milliseconds; only a walk that runs out of time as well collects every match.
 */
async function pageAfterSlowCollection<Row, Item>(
  executor: Executor,
  source: ListSource<Row, Item>,
  request: ListRequest,
  sort: SortTerm[],
  budget: TotalBudget,
): Promise<Row[]> {
  try {
    return await withBudget(executor, budget.budgetMs, (runner) =>
      findPage(runner, source, request, sort, undefined, false),
    );
  } catch (error) {
    if (!isQueryCanceled(error)) throw error;
    metrics.countBudgetExceeded();
    return findPage(executor, source, request, sort, undefined, true);
  }
}

/**
 * The total of a filter whose collection did not give its count: past the limit, or out of time. The
 * sample's estimate when it may be presented; otherwise a sample of the table's pages may estimate it
 * (`overLimitTotal`: the expected number fell short, so the in-process sample is old or unlucky for
 * this filter), and failing that the answer is a lower bound.
 */
async function estimatedTotal<Row, Item>(
  executor: Executor,
  source: EngineSource<Row, Item>,
  conditions: Condition[],
  budget: TotalBudget,
  planned: Planned | undefined,
  matches: number | undefined,
): Promise<Total> {
  const tableSize = tableSizeOf(source);
  if (planned?.presentable && tableSize) {
    const total = await stratumTotal(executor, source, planned.presentable, tableSize);
    if (matches === undefined || total >= matches) return { total, kind: 'estimate' };
  }
  // A collection out of time proves nothing, but the sample may: a bound of the limit, not the page's.
  const seen = planned?.sample;
  if (
    matches === undefined &&
    seen &&
    provesMoreThan(seen.hits, seen.drawn, seen.population, budget.countLimit)
  )
    return { total: budget.countLimit, kind: 'moreThan' };
  return overLimitTotal(executor, pageSampleOf(source, conditions), budget, matches);
}

/**
 * The cheapest truthful total of a filtered list (an unfiltered big list reads the table's counter
 * with its page, `unfilteredList`): the day counters, the sample's estimate where it saw enough to
 * present it, the limit as a bound where its hits prove the filter passes it, or else a bounded count
 * (exact up to the limit, a lower bound past it).
 */
async function totalOf<Row, Item>(
  executor: Executor,
  source: EngineSource<Row, Item>,
  conditions: Condition[],
  counted: DayCountFilter | undefined,
  budget: TotalBudget,
  planned: Planned | undefined,
): Promise<Total> {
  const tableSize = tableSizeOf(source);
  if (source.dayCounts && counted)
    return { total: await dayCountTotal(executor, source.dayCounts, counted), kind: 'exact' };
  if (tableSize && planned?.presentable && planned.rows > budget.countLimit)
    return { total: await stratumTotal(executor, source, planned.presentable, tableSize), kind: 'estimate' };
  // Too few hits to present, enough to prove the limit passed: the count would only confirm it.
  const seen = planned?.sample;
  if (seen && provesMoreThan(seen.hits, seen.drawn, seen.population, budget.countLimit))
    return { total: budget.countLimit, kind: 'moreThan' };
  // Counted through the filter's own index; past the limit, a bound unless a page sample can tell. An
  // in-process sample already judged its share too uncertain, and pages would hold only twice its rows.
  const where = whereClause(source, conditions, [], 'collect');
  const check = planned?.sample ? undefined : pageSampleOf(source, conditions);
  return boundedTotal(executor, sql`select 1 from ${baseOf(source)} ${where}`, budget, check);
}

/**
 * The filter over a sample of the table's pages. Its rows are checked one by one, so "contains" is
 * `ilike` (a pair's bigrams would cost ~50 µs a row).
 */
function pageSampleOf<Row, Item>(source: EngineSource<Row, Item>, conditions: Condition[]): SampledCount {
  const tableSize = tableSizeOf(source);
  return {
    table: source.table,
    alias: source.alias,
    where: whereClause(source, conditions, [], 'walk'),
    ...(tableSize && { countedTable: tableSize }),
  };
}

async function rowCount(executor: Executor, table: string): Promise<number> {
  const { rows } = await prepared(
    sql<{ n: number }>`select n from row_counts where table_name = ${table}`,
  ).execute(executor);
  return Number(rows[0]?.n ?? 0);
}

/**
 * An estimate or a bound corrected by what the page saw: a short page ends the list, so the total is
 * known exactly; a full one with a row after it means more rows than the page's end; an empty page
 * past the end means there are no more rows than the offset.
 */
function reconcile(found: Total, offset: number, shown: number, hasMore: boolean): Total {
  if (found.kind === 'exact') return found;
  if (!hasMore && (shown > 0 || offset === 0)) return { total: offset + shown, kind: 'exact' };
  const seen = offset + shown;
  if (found.kind === 'moreThan')
    return {
      total: hasMore ? Math.max(found.total, seen) : Math.min(found.total, Math.max(0, offset - 1)),
      kind: 'moreThan',
    };
  if (hasMore) return { total: Math.max(found.total, seen + 1), kind: 'estimate' };
  return { total: Math.min(found.total, offset), kind: 'estimate' };
}

function baseOf(source: Pick<ListSource<never, never>, 'table' | 'alias'>): RawBuilder<unknown> {
  return sql`${sql.table(source.table)} as ${sql.id(source.alias)}`;
}

function keyOf(source: Pick<ListSource<never, never>, 'alias' | 'key'>): RawBuilder<unknown> {
  return sql.ref(`${source.alias}.${source.key}`);
}

function columnOf(
  source: Pick<ListSource<never, never>, 'columns' | 'descriptor'>,
  field: string,
): ListColumn {
  const column = source.columns[field];
  // The grammar only admits descriptor fields, so a gap here is a programming error, not bad input.
  if (!column) throw new Error(`List of ${source.descriptor.name} has no column for field "${field}"`);
  return column;
}

/** The `where …` of a list's scope and filters (empty without any), for a statement over `table as alias`. */
export function whereClause<Row, Item>(
  source: EngineSource<Row, Item>,
  conditions: Condition[],
  extra: RawBuilder<unknown>[] = [],
  purpose: ConditionPurpose = 'walk',
): RawBuilder<unknown> {
  const parts = conditions.map((condition) => {
    const column = columnOf(source, condition.field);
    if (column.where) return column.where(condition);
    const window = purpose === 'collect' ? source.windows?.get(condition.field) : undefined;
    return conditionSql(column, condition, purpose, window);
  });
  if (source.scope) parts.unshift(source.scope);
  parts.push(...extra);
  if (parts.length === 0) return sql``;
  return sql`where ${sql.join(parts, sql` and `)}`;
}

/**
 * How a filter is written: to be estimated by the planner, to collect a few matches through their
 * own index (a fenced page, a bounded count), to be checked row by row along another index (an
 * export, a bulk action), or as a page of a filter known to match many rows (`page`). The forms
 * differ for "contains" only.
 */
type ConditionPurpose = 'estimate' | 'collect' | 'walk' | 'page';

function conditionSql(
  column: ListColumn,
  condition: Condition,
  purpose: ConditionPurpose,
  window?: string,
): RawBuilder<unknown> {
  const expr = column.sql;
  switch (condition.type) {
    case 'text':
      // PostgreSQL text cannot hold NUL, so no value contains one; binding it would be an error (a 500).
      if (condition.value.includes('\u0000')) return sql`false`;
      if (column.bigrams && [...condition.value].length === 2 && purpose !== 'page')
        return pairSql(column, condition.value, purpose);
      if (window) return windowSql(expr, condition.value, window);
      return containsSql(column, condition.value, purpose);
    case 'number':
      return sql`${expr} = ${typed(column.kind, condition.value)}`;
    case 'select':
      return sql`${expr} = ${typed(column.kind, condition.value)}`;
    case 'date':
      if (column.kind === 'date')
        return sql`${expr} between ${condition.from}::date and ${condition.to}::date`;
      // A day is a UTC day: from its midnight up to, not including, the next day's midnight.
      return sql`${expr} >= (${condition.from}::date)::timestamp at time zone 'UTC' and ${expr} < (${condition.to}::date + 1)::timestamp at time zone 'UTC'`;
  }
}

/**
 * A page of a filter already known to match many rows is found by walking the sort's index and
 * checking each row, stopping at a page of matches. The pattern is bound through a subquery, so the
 * planner does not see it: it then assumes a fixed share of rows match, which always chooses that
 * walk, and it skips matching the pattern against the column's 1,000-value statistics, which was most
 * of the page's planning (1.1 of 1.2 ms on a million users; 0.15 ms without). Such a walk checks a
 * column's folded form where its indexes hold one (`ListColumn.folded`). The other purposes keep
 * `ilike`, which the column's trigram index serves: an export or a bulk action of a rare fragment may
 * be planned through it.
 */
function containsSql(column: ListColumn, value: string, purpose: ConditionPurpose): RawBuilder<unknown> {
  const pattern = `%${escapeLike(value)}%`;
  if (column.folded && purpose === 'page') return sql`${column.folded} like (select lower(${pattern}::text))`;
  return purpose === 'page'
    ? sql`${column.sql} ilike (select ${pattern}::text)`
    : sql`${column.sql} ilike ${pattern}`;
}

/**
 * A fragment collected through a trigram index by its uncommon part only; the whole fragment is then
 * checked on the rows found, through an expression the index cannot serve (`|| ''`), so the planner
 * does not add the fragment's common trigrams back to the index scan. The part is a piece of the
 * fragment as typed, so every row the whole matches also matches the part.
 */
function windowSql(expr: RawBuilder<unknown>, value: string, window: string): RawBuilder<unknown> {
  return sql`(${expr} ilike ${`%${escapeLike(window)}%`} and (${expr} || '') ilike ${`%${escapeLike(value)}%`})`;
}

/**
 * Two characters: "contains" is "has this pair", which the bigram index finds; that is how a few
 * matches are collected. A walk checks `ilike` instead: computing a row's pairs costs ~50 µs, and
 * offered both, the planner takes them for independent, squares the selectivity and picks the
 * bitmap even for 2,300 matches (22 ms, where walking the covering sort index with `ilike` takes
 * 1.3 ms). For the same reason the planner estimates the pair alone.
 */
function pairSql(column: ListColumn, pair: string, purpose: ConditionPurpose): RawBuilder<unknown> {
  const hasPair = sql`list_bigrams(lower(${column.sql})) @> array[lower(${pair}::text)]`;
  const contains = containsSql(column, pair, purpose);
  if (purpose === 'estimate') return hasPair;
  if (purpose === 'walk') return contains;
  return sql`(${hasPair} and ${contains})`;
}

/** Binds a value with the column's type, so an integer column is compared (and indexed) as one. */
function typed(kind: ColumnKind, value: string | number | boolean): RawBuilder<unknown> {
  if (kind === 'integer') return sql`${value}::bigint`;
  if (kind === 'boolean') return sql`${value}::boolean`;
  return sql`${String(value)}::text`;
}

function orderByClause<Row, Item>(source: ListSource<Row, Item>, sort: SortTerm[]): RawBuilder<unknown> {
  const terms = sort.map((term) => sql`${orderOf(columnOf(source, term.field))} ${direction(term)}`);
  // The tie-breaker follows the first term's direction, so one (column, id) index serves both ways.
  terms.push(sql`${keyOf(source)} ${direction(sort[0] ?? { field: source.key, direction: 'asc' })}`);
  return sql.join(terms, sql`, `);
}

export function orderOf(column: ListColumn): RawBuilder<unknown> {
  return column.order ?? column.sql;
}

function direction(term: SortTerm): RawBuilder<unknown> {
  return term.direction === 'desc' ? sql`desc` : sql`asc`;
}

/** `%`, `_` and `\` typed in a filter are matched literally. */
export function escapeLike(value: string): string {
  return value.replace(/[\\%_]/g, (char) => `\\${char}`);
}
