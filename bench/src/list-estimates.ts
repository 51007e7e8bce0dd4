/**
 * How close the list engine's estimated totals are to the truth: `npm run bench:list-estimates`
 * (PostgreSQL, BENCH_DATABASE_URL, after bench:list seeded it). For the two "contains" shapes of
 * list-shapes.ts, draws BENCH_SAMPLES random filters, asks `runList` for the total, counts the same
 * filter exactly with count(*), and prints, per shape, how many answers were exact, how many were
 * lower bounds ("more than N") and how many of those were not below the count (false bounds: should
 * be none), and for the estimates ("about N") how many were within 10 % of the count and the median,
 * 95th percentile and worst of their errors. Nothing is asserted.
 */
import { usersResource } from '@pult/contract';
import { sql } from 'kysely';
import { openDatabase } from '../../apps/api/src/db/database.js';
import { personListSource } from '../../apps/api/src/modules/auth/people/person-source.js';
import { parseListRequest } from '../../apps/api/src/resources/list-request.js';
import { runList, whereClause } from '../../apps/api/src/resources/list-sql.js';
import { LIST_SHAPES, type ListSample } from './list-shapes.js';

const DATABASE_URL = process.env.BENCH_DATABASE_URL;
const SAMPLES = Number(process.env.BENCH_SAMPLES ?? 40);

function mulberry32(seed: number): () => number {
  let state = seed;
  return () => {
    state = (state + 0x6d2b79f5) | 0;
    let t = Math.imul(state ^ (state >>> 15), 1 | state);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
}

/** An estimate's error is |estimate / exact − 1|; the cells read "within 10 %", then its median, 95th percentile and worst. */
function accuracyCells(ratios: readonly number[]): string {
  const errors = ratios.map((ratio) => Math.abs(ratio - 1)).sort((a, b) => a - b);
  const sorted = [...ratios].sort((a, b) => a - b);
  const at = (values: readonly number[], q: number) =>
    values[Math.min(values.length - 1, Math.floor(q * values.length))];
  const percent = (value: number | undefined) =>
    value === undefined ? '—' : `${(value * 100).toFixed(1)} %`;
  const ratio = (value: number | undefined) => value?.toFixed(2) ?? '—';
  const within = errors.filter((error) => error <= 0.1).length;
  return [
    ratios.length,
    ratios.length === 0 ? '—' : `${within} (${((within / ratios.length) * 100).toFixed(0)} %)`,
    percent(at(errors, 0.5)),
    percent(at(errors, 0.95)),
    percent(errors.at(-1)),
    ratio(sorted[0]),
    ratio(sorted.at(-1)),
  ].join(' | ');
}

async function main() {
  if (!DATABASE_URL) throw new Error('Set BENCH_DATABASE_URL');
  const { db, close } = await openDatabase({ databaseUrl: DATABASE_URL });
  try {
    const emails = await sql<{
      email: string;
    }>`select lower(email) as email from users tablesample system (0.2)`.execute(db);
    const sample: ListSample = { emails: emails.rows.map((row) => row.email), firstDay: '', lastDay: '' };
    const source = personListSource('users', usersResource, 'uk-UA');
    // The first filtered list starts taking the table's in-memory sample (list-sample.ts); until it is
    // there, estimates are the planner's. Measure the sample's, as a running server answers them.
    await runList(db, source, parseListRequest(usersResource, { 'filter[email]': 'warm' }));
    await new Promise((resolve) => setTimeout(resolve, 3_000));
    console.log(
      '| shape | filters | exact | lower bounds (false) | estimates | within 10 % | error: median | p95 | worst | estimate / exact: min | max |',
    );
    console.log('| --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: |');
    for (const shape of LIST_SHAPES.filter((candidate) => candidate.name.includes('contains'))) {
      const random = mulberry32(14);
      const ratios: number[] = [];
      let exact = 0;
      let bounds = 0;
      let falseBounds = 0;
      for (let i = 0; i < SAMPLES; i++) {
        const params = Object.fromEntries(new URLSearchParams(shape.query(sample, random)));
        const request = parseListRequest(usersResource, params);
        const answer = await runList(db, source, request);
        if (answer.totalExact) {
          exact += 1;
          continue;
        }
        // The truth may take longer than the pool's statement timeout on a busy machine.
        const { rows } = await db.transaction().execute(async (trx) => {
          await sql`set local statement_timeout = 0`.execute(trx);
          return sql<{ n: number }>`select count(*)::int as n from users as p
            ${whereClause(source, request.conditions)}`.execute(trx);
        });
        const truth = Number(rows[0]?.n ?? 0);
        if (answer.totalKind === 'moreThan') {
          bounds += 1;
          if (answer.total >= truth) falseBounds += 1;
          continue;
        }
        ratios.push(truth === 0 ? Number.POSITIVE_INFINITY : answer.total / truth);
      }
      console.log(
        `| ${shape.name} | ${SAMPLES} | ${exact} | ${bounds} (${falseBounds}) | ${accuracyCells(ratios)} |`,
      );
    }
  } finally {
    await close();
  }
}

await main();
