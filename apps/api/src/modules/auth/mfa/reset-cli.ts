import os from 'node:os';
import { parseArgs } from 'node:util';
import { ConfigError, loadConfig } from '../../../config/env.js';
import { openDatabase } from '../../../db/database.js';
import { migrateToLatest } from '../../../db/migrate.js';
import { resetAdminFactors } from './operator-reset.js';

const USAGE = `Usage: npm run mfa:reset -- --email <admin e-mail>

For an administrator who lost every second factor (phone and recovery codes): removes their
authenticator app and recovery codes, ends every session they have, and writes it to the audit log
(action "mfa-reset", with your login name). They then sign in with their password and set up a new
authenticator. Check who is asking before you run it: this is the one way round the second factor.

The database is chosen as the server chooses it: DATABASE_URL for PostgreSQL, otherwise the
embedded database in DATA_DIR. Stop the server first when it uses the embedded database.`;

async function main(): Promise<number> {
  let email: string | undefined;
  try {
    const { values } = parseArgs({
      options: { email: { type: 'string' }, help: { type: 'boolean', short: 'h' } },
      strict: true,
    });
    if (values.help) {
      process.stdout.write(`${USAGE}\n`);
      return 0;
    }
    email = values.email;
  } catch (error) {
    process.stderr.write(`mfa:reset: ${error instanceof Error ? error.message : String(error)}\n`);
  }
  if (!email) {
    process.stderr.write(`mfa:reset: --email is required\n\n${USAGE}\n`);
    return 1;
  }
  // npm runs workspace scripts inside apps/api; a relative DATA_DIR must mean what it means to the server.
  if (process.env.INIT_CWD) process.chdir(process.env.INIT_CWD);
  let config: ReturnType<typeof loadConfig>;
  try {
    config = loadConfig();
  } catch (error) {
    if (!(error instanceof ConfigError)) throw error;
    process.stderr.write(`mfa:reset: ${error.message}\n`);
    return 1;
  }
  const database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
  try {
    await migrateToLatest(database.db);
    const result = await resetAdminFactors(database.db, email, os.userInfo().username, new Date());
    if (!result) {
      process.stderr.write(`mfa:reset: no administrator has the e-mail ${email}\n`);
      return 1;
    }
    process.stdout.write(
      `Reset the second factor of ${result.email}: authenticator ${result.removedTotp ? 'removed' : 'none'}, ` +
        `${result.removedRecoveryCodes} unused recovery codes removed, ${result.endedSessions} sessions ended.\n`,
    );
    return 0;
  } finally {
    await database.close();
  }
}

main().then(
  (code) => {
    process.exitCode = code;
  },
  (error: unknown) => {
    console.error(error);
    process.exitCode = 1;
  },
);
