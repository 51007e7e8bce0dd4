import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { RequestAccess } from '../../../access/access-control.js';
import type { DatabaseHandle, Executor } from '../../../db/database.js';
import type { Mailer } from '../../../mail/mailer.js';
import { createAdmin } from '../../../test/factories.js';
import { openTestDatabase, testDatabaseKinds } from '../../../test/test-database.js';
import type { TokenService } from '../token-service.js';
import { adminImportTarget } from './admin-import.js';

describe.each(testDatabaseKinds())("administrators' import session on %s", (kind) => {
  let handle: DatabaseHandle;
  let importerId: number;
  beforeAll(async () => {
    handle = await openTestDatabase(kind);
    await handle.db
      .insertInto('admin_groups')
      .values({ name: 'ops', grants: JSON.stringify([]) })
      .execute();
    const { admin } = await createAdmin(handle.db, { email: 'importer@session.test' });
    importerId = Number(admin.id);
  });
  afterAll(() => handle?.close());

  /** Who imports: grants nothing is checked against (the group grants nothing), a counted step-up. */
  const importer = () =>
    ({
      identity: { adminId: importerId },
      catalogue: { toJSON: () => ({ resources: [] }) },
      requireStepUp: vi.fn(),
    }) as unknown as RequestAccess & { requireStepUp: ReturnType<typeof vi.fn> };

  /** Mail and sign-ins are not what a session's opening touches. */
  const target = () =>
    adminImportTarget({
      db: handle.db,
      tokens: {} as TokenService,
      mailer: {} as Mailer,
      panelUrl: 'http://panel.test',
      companyName: 'Pult',
    });

  /** The locks this transaction holds that an admin or group edit would wait on. */
  const heldLocks = async (trx: Executor) => {
    const { rows } = await sql<{ lock: string }>`select case when locktype = 'advisory' then 'advisory'
      else mode end as lock from pg_locks where pid = pg_backend_pid() and (locktype = 'advisory'
      or (locktype = 'relation' and relation = 'admin_groups'::regclass and mode = 'RowShareLock'))
      order by 1`.execute(trx);
    return rows.map((row) => row.lock);
  };

  it.each([
    [['email', 'first_name', 'last_name', 'language'], []],
    [['email', 'status'], ['advisory']],
    [
      ['email', 'groups'],
      ['RowShareLock', 'advisory'],
    ],
  ] as const)('a commit with the columns %j locks %j', async (columns, locks) => {
    const held = await handle.db.transaction().execute(async (trx) => {
      await target().session?.(trx, { access: importer(), locale: 'en-US', write: true, columns });
      return heldLocks(trx);
    });
    expect(held).toEqual(locks);
  });

  it('asks for the step-up once per import, at the first row that changes a membership', async () => {
    const access = importer();
    const session = await target().session?.(handle.db, {
      access,
      locale: 'en-US',
      write: false,
      columns: ['email', 'groups'],
    });
    const newAdmin = (email: string, groups: string[]) => ({ after: { email, groups } });
    expect(session?.checkRow?.(newAdmin('plain@session.test', []))).toEqual([]);
    expect(access.requireStepUp).not.toHaveBeenCalled();
    expect(session?.checkRow?.(newAdmin('bad@session.test', ['nosuch']))).toEqual([
      { field: 'groups', fault: { key: 'groupNotFound', params: { name: 'nosuch' } } },
    ]);
    expect(access.requireStepUp).not.toHaveBeenCalled();
    for (const email of ['one@session.test', 'two@session.test', 'three@session.test'])
      expect(session?.checkRow?.(newAdmin(email, ['ops']))).toEqual([]);
    expect(access.requireStepUp).toHaveBeenCalledTimes(1);
  });
});
