import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '../db/database.js';
import { createAdmin } from '../test/factories.js';
import { openTestDatabase } from '../test/test-database.js';
import { seedDemoData } from './demo.js';

const quiet = { info: () => undefined } as unknown as Parameters<typeof seedDemoData>[1];

describe('the demo audit history', () => {
  let handle: DatabaseHandle;
  beforeAll(async () => {
    handle = await openTestDatabase('pglite');
    // The bootstrap administrator, as the auth module creates it before the demo is seeded.
    await createAdmin(handle.db, { firstName: 'Admin', lastName: 'Pult', email: 'boot@pult.test' });
    await seedDemoData(handle.db, quiet);
  });
  afterAll(() => handle?.close());

  const entries = () =>
    handle.db
      .selectFrom('audit_log')
      .select(['created_at', 'admin_email', 'action', 'resource', 'record_id'])
      .execute();

  it('gives each demo administrator sign-ins on their working days, all in the past', async () => {
    const all = await entries();
    const today = new Date();
    today.setUTCHours(0, 0, 0, 0);
    expect(all.every((entry) => entry.created_at < today)).toBe(true);
    expect(all.every((entry) => ![0, 6].includes(entry.created_at.getUTCDay()))).toBe(true);
    const signins = (email: string) =>
      all.filter((entry) => entry.admin_email === email && entry.action === 'signin').length;
    // Four weeks: every working day, three days a week, two days a week.
    expect(signins('boot@pult.test')).toBe(20);
    expect(signins('andrii.melnyk@pult.local')).toBe(20);
    expect(signins('emily.carter@pult.local')).toBe(12);
    expect(signins('olha.bondarenko@pult.local')).toBe(8);
  });

  it('names only records that exist: each demo translation, created by the content editor', async () => {
    const translations = await handle.db.selectFrom('notification_translations').select('id').execute();
    const created = (await entries()).filter((entry) => entry.action === 'create');
    expect(created.map((entry) => entry.record_id).sort()).toEqual(
      translations.map(({ id }) => String(id)).sort(),
    );
    expect(new Set(created.map((entry) => `${entry.admin_email} ${entry.resource}`))).toEqual(
      new Set(['emily.carter@pult.local translations']),
    );
  });

  it('is written once: a second start adds nothing', async () => {
    const before = (await entries()).length;
    await seedDemoData(handle.db, quiet);
    expect((await entries()).length).toBe(before);
  });
});
