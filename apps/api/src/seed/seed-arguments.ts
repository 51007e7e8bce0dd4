import { parseArgs } from 'node:util';
import { DEMO_SEED, DEMO_USER_PASSWORD } from './demo.js';
import { formatCount } from './progress-bar.js';

export const USAGE = `Usage: npm run seed -- (--users <count> | --total <count>) [--batch <size>] [--seed <number>]

Adds generated platform users (about 70% Ukrainian, 30% English-speaking) to the database the
server uses, creating the countries and cities first if the database has none. Every seeded
user's password is "${DEMO_USER_PASSWORD}".

Options:
  --users <count>   how many users to add, 1 to 100,000,000
  --total <count>   how many users the table should hold, 1 to 100,000,000: adds only the
                    missing ones, so a run stopped by Ctrl+C (or one that failed) resumes where
                    it stopped when started again with the same --total
  --batch <size>    rows per INSERT statement, 1 to 100,000 (default 10,000)
  --seed <number>   generator seed, for a different population (default ${DEMO_SEED})
  -h, --help        show this help

The database is chosen as the server chooses it: DATABASE_URL for PostgreSQL, otherwise the
embedded database in DATA_DIR (default ./data, relative to where npm was run).
Stop the server first when it uses the embedded database: only one process may open it.

Examples: npm run seed -- --users 1000000 --batch 10000
          npm run seed -- --total 10000000`;

const MAX_USERS = 100_000_000;
const MAX_BATCH = 100_000;

export interface SeedOptions {
  /** Users to add (`add`), or the size the table should reach (`total`). */
  goal: { add: number } | { total: number };
  batch: number;
  seed: number;
}

export class UsageError extends Error {}

/** The command line as options, `'help'` for --help; a UsageError names what is wrong. */
export function parseSeedArguments(args: readonly string[]): SeedOptions | 'help' {
  let values: { users?: string; total?: string; batch?: string; seed?: string; help?: boolean };
  try {
    ({ values } = parseArgs({
      args: [...args],
      options: {
        users: { type: 'string' },
        total: { type: 'string' },
        batch: { type: 'string' },
        seed: { type: 'string' },
        help: { type: 'boolean', short: 'h' },
      },
      strict: true,
      allowPositionals: false,
    }));
  } catch (error) {
    throw new UsageError(error instanceof Error ? error.message : String(error));
  }
  if (values.help) return 'help';
  if (values.users !== undefined && values.total !== undefined)
    throw new UsageError('--users and --total cannot be used together');
  if (values.users === undefined && values.total === undefined)
    throw new UsageError('--users <count> or --total <count> is required');
  return {
    goal:
      values.total === undefined
        ? { add: parseCount('--users', values.users ?? '', 1, MAX_USERS) }
        : { total: parseCount('--total', values.total, 1, MAX_USERS) },
    batch: values.batch === undefined ? 10_000 : parseCount('--batch', values.batch, 1, MAX_BATCH),
    seed: values.seed === undefined ? DEMO_SEED : parseCount('--seed', values.seed, 0, 0xffff_ffff),
  };
}

/** How many users a run adds to a table holding `present`: never fewer than none. */
export function usersToAdd(goal: SeedOptions['goal'], present: number): number {
  return 'add' in goal ? goal.add : Math.max(0, goal.total - present);
}

/** Accepts 1000000, 1_000_000 and 1,000,000: people paste counts in all three forms. */
function parseCount(name: string, text: string, min: number, max: number): number {
  const digits = text.replace(/[_,]/g, '');
  const value = /^\d+$/.test(digits) ? Number(digits) : Number.NaN;
  if (!Number.isSafeInteger(value) || value < min || value > max) {
    throw new UsageError(
      `${name} must be a whole number from ${formatCount(min)} to ${formatCount(max)} (got "${text}")`,
    );
  }
  return value;
}
