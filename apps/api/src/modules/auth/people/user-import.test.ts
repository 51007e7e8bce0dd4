import type { ImportReport } from '@pult/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  adminHeaders,
  adminWithGrants,
  createCity,
  createCountry,
  createUser,
  signInUser,
} from '../../../test/factories.js';
import { createTestApp, type TestApp } from '../../../test/test-app.js';
import { testDatabaseKinds } from '../../../test/test-database.js';

const USERS = '/auth/admin/users';

describe.each(testDatabaseKinds())('CSV import of users on %s', (kind) => {
  let t: TestApp;
  let headers: Record<string, string>;
  let kyiv: { id: number; country_id: number };
  beforeAll(async () => {
    t = await createTestApp(kind);
    headers = await adminHeaders(t, 'en-US');
    const ukraine = await createCountry(t.db, { code: 'UA', name_uk: 'Україна', name_en: 'Ukraine' });
    const poland = await createCountry(t.db, { code: 'PL', name_uk: 'Польща', name_en: 'Poland' });
    kyiv = await createCity(t.db, ukraine.id, { name_uk: 'Київ', name_en: 'Kyiv' });
    await createCity(t.db, poland.id, { name_uk: 'Варшава', name_en: 'Warsaw' });
    await createUser(t.db, {
      email: 'trip1@import.test',
      first_name: 'Ann',
      last_name: 'Trip, "quoted"',
      username: null,
      groups: ['staff', 'beta'],
      country_id: ukraine.id,
      city_id: kyiv.id,
      birthday: '1990-05-17',
      gender: 'female',
      status: 2,
    });
    await createUser(t.db, {
      email: 'trip2@import.test',
      first_name: '-5',
      last_name: 'Minus',
      language: 'en-US',
    });
  });
  afterAll(() => t?.close());

  const importCsv = (body: string, query: string, extra: Record<string, string> = {}) =>
    t.app.inject({
      method: 'POST',
      url: `${USERS}/import?${query}`,
      headers: { ...headers, 'content-type': 'text/csv', ...extra },
      payload: body,
    });
  const report = async (body: string, query: string, extra?: Record<string, string>) => {
    const response = await importCsv(body, query, extra);
    expect(response.statusCode, response.body).toBe(200);
    return response.json<ImportReport>();
  };
  const exportCsv = async (lang: string) =>
    (
      await t.app.inject({
        method: 'GET',
        url: `${USERS}/export.csv?filter[email]=@import.test`,
        headers: { ...headers, Lang: lang },
      })
    ).body;

  it.each(['en-US', 'uk-UA'])(
    'imports its own %s export back with nothing to change (names, options, tags, places, dates)',
    async (lang) => {
      const back = await report(await exportCsv(lang), 'mode=dry-run&onConflict=update', { Lang: lang });
      expect(back.rejected).toEqual([]);
      expect(back.columns.unknown).toEqual([]);
      expect(back.counts).toEqual({ rows: 2, create: 0, update: 0, unchanged: 2, skipped: 0, rejected: 0 });
      const committed = await report(await exportCsv(lang), 'mode=commit&onConflict=update', { Lang: lang });
      expect(committed.counts.unchanged).toBe(2);
    },
  );

  it('creates users without a password (they cannot sign in until they set one) and updates by e-mail', async () => {
    const file = [
      'E-mail;First name;Last name;Country;City;Status;Groups',
      'new1@import.test;Olena;Nova;Україна;Київ;Active;staff, beta',
      'NEW2@Import.test;Petro;;;;;',
      'TRIP2@import.test;Minus;Renamed;Poland;;;',
    ].join('\r\n');
    const dry = await report(file, 'mode=dry-run&onConflict=update');
    expect(dry.counts).toMatchObject({ create: 1, update: 1, rejected: 1 });
    expect(dry.rejected[0]?.errors).toEqual({ last_name: ['This field is required'] });
    expect(dry.updated[0]?.changes).toEqual([
      { field: 'first_name', before: '-5', after: 'Minus' },
      { field: 'last_name', before: 'Minus', after: 'Renamed' },
      { field: 'country_id', before: null, after: expect.any(Number) },
    ]);
    const done = await report(file, 'mode=commit&onConflict=update&rows=valid');
    expect(done.committed).toBe(true);
    const created = await t.db
      .selectFrom('users')
      .selectAll()
      .where('email', '=', 'new1@import.test')
      .executeTakeFirstOrThrow();
    expect(created).toMatchObject({
      first_name: 'Olena',
      country_id: kyiv.country_id,
      city_id: kyiv.id,
      status: 1,
      language: 'uk-UA',
      groups: ['staff', 'beta'],
    });
    const signin = await t.app.inject({
      method: 'POST',
      url: '/auth/user/signin',
      headers: { Lang: 'en-US' },
      payload: { email: 'new1@import.test', password: '!imported' },
    });
    expect(signin.statusCode).toBe(422);
    expect(signin.json()).toEqual({ message: 'Invalid login or password' });
  });

  it('ends the sign-ins of a user the file locks, as the form does', async () => {
    const { user, password } = await createUser(t.db, { email: 'locked@import.test' });
    const session = await signInUser(t, user.email, password);
    const renew = () =>
      t.app.inject({
        method: 'POST',
        url: '/auth/user/refresh-token',
        payload: { refresh_token: session.refresh_token },
      });
    await report('email,status\nlocked@import.test,Locked\n', 'mode=commit&onConflict=update');
    expect((await renew()).statusCode).toBe(401);
    const sessions = await t.db
      .selectFrom('auth_sessions')
      .select(['revoked_at', 'revoked_reason'])
      .where('subject_kind', '=', 'user')
      .where('subject_id', '=', user.id)
      .execute();
    expect(sessions).toEqual([{ revoked_at: expect.any(Date), revoked_reason: 'status changed' }]);
  });

  it('refuses a password column, names unknown places and a city outside the country', async () => {
    const secret = await importCsv(
      'email,first_name,last_name,Password\na@import.test,A,B,x\n',
      'mode=dry-run',
    );
    expect(secret.statusCode).toBe(422);
    expect(secret.json()).toEqual({
      message: 'Column "Password" holds a secret; secrets are never imported',
    });
    const places = await report(
      'email,first_name,last_name,country_id,city_id\np1@import.test,A,B,Atlantis,\np2@import.test,A,B,Poland,Kyiv\n',
      'mode=dry-run',
      { Lang: 'uk-UA' },
    );
    expect(places.rejected.map((row) => row.errors)).toEqual([
      { country_id: ['Немає запису з назвою «Atlantis»'] },
      { city_id: ['Місто не належить до обраної країни'] },
    ]);
  });

  it('stores a formula as the text given; the export neutralises it on the way out', async () => {
    await report('email,first_name,last_name\nformula@import.test,=cmd(),"@SUM(A1)"\n', 'mode=commit');
    const stored = await t.db
      .selectFrom('users')
      .select(['first_name', 'last_name'])
      .where('email', '=', 'formula@import.test')
      .executeTakeFirstOrThrow();
    expect(stored).toEqual({ first_name: '=cmd()', last_name: '@SUM(A1)' });
    const exported = await exportCsv('en-US');
    expect(exported).toContain("'=cmd(),'@SUM(A1)");
  });

  it('rejects, row by row, the rows outside the grants’ condition and fields they may not write', async () => {
    const limited = await adminWithGrants(t, [
      { resource: 'auth.users', action: 'create', where: { status: { eq: 1 } } },
      { resource: 'auth.users', action: 'update', where: { status: { eq: 1 } }, fields: ['first_name'] },
    ]);
    const file = [
      'email,first_name,last_name,status',
      'scope1@import.test,In,Scope,Active',
      'scope2@import.test,Out,Scope,Locked',
      'trip1@import.test,Locked,Person,Locked',
    ].join('\n');
    const response = await t.app.inject({
      method: 'POST',
      url: `${USERS}/import?mode=commit&rows=valid&onConflict=update`,
      headers: { ...limited.headers, 'content-type': 'text/csv' },
      payload: file,
    });
    expect(response.statusCode, response.body).toBe(200);
    const result = response.json<ImportReport>();
    expect(result.counts).toMatchObject({ create: 1, rejected: 2 });
    expect(result.rejected.map((row) => [row.line, row.errors])).toEqual([
      [3, { _row: ['Access denied: the record would leave what you may change'] }],
      [4, { _row: ['Access denied: the record would leave what you may change'] }],
    ]);
  });
});
