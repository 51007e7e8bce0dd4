import type { ImportReport } from '@pult/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminHeaders, adminWithGrants } from '../../test/factories.js';
import { createTestApp, type TestApp } from '../../test/test-app.js';
import { testDatabaseKinds } from '../../test/test-database.js';

const COUNTRIES = '/auth/admin/countries';

describe.each(testDatabaseKinds())('CSV import of countries on %s', (kind) => {
  let t: TestApp;
  let headers: Record<string, string>;
  beforeAll(async () => {
    t = await createTestApp(kind);
    headers = await adminHeaders(t, 'en-US');
  });
  afterAll(() => t?.close());

  const importCsv = (
    body: string | Buffer,
    query = 'mode=commit&onConflict=update',
    extra: Record<string, string> = {},
    list = COUNTRIES,
  ) =>
    t.app.inject({
      method: 'POST',
      url: `${list}/import?${query}`,
      headers: { ...headers, 'content-type': 'text/csv', ...extra },
      payload: body,
    });
  const report = async (body: string | Buffer, query?: string, extra?: Record<string, string>) => {
    const response = await importCsv(body, query, extra);
    expect(response.statusCode, response.body).toBe(200);
    return response.json<ImportReport>();
  };
  const codes = async (prefix: string) =>
    (
      await t.db
        .selectFrom('countries')
        .select(['code', 'name_en', 'name_uk'])
        .where('code', 'like', `${prefix}%`)
        .orderBy('code')
        .execute()
    ).map((row) => `${row.code}:${row.name_en}:${row.name_uk}`);

  it('dry run: counts and lists what would change, names unknown columns, writes nothing', async () => {
    await report('code,name_en,name_uk\nXA,Xanadu,Ксанаду\n');
    const dry = await report(
      '\uFEFFID;ISO code;Name (English);NAME_UK;Colour\n1;XA;Xanadu Land;Ксанаду;red\n2;XB;Xbox;Іксбокс;blue\n3;XC;;Порожня;x\n',
      'mode=dry-run&onConflict=update',
    );
    expect(dry.committed).toBe(false);
    expect(dry.counts).toEqual({ rows: 3, create: 1, update: 1, unchanged: 0, skipped: 0, rejected: 1 });
    expect(dry.columns.unknown).toEqual(expect.arrayContaining(['Colour']));
    expect(dry.columns.ignored).toEqual(['ID']);
    expect(dry.updated).toEqual([
      {
        line: 2,
        key: { code: 'XA' },
        changes: [{ field: 'name_en', before: 'Xanadu', after: 'Xanadu Land' }],
      },
    ]);
    expect(dry.created).toEqual([{ line: 3, key: { code: 'XB' } }]);
    expect(dry.rejected).toEqual([
      {
        line: 4,
        cells: expect.objectContaining({ 'ISO code': 'XC' }),
        errors: { name_en: ['This field is required'] },
      },
    ]);
    expect(await codes('X')).toEqual(['XA:Xanadu:Ксанаду']);
  });

  it('matches the columns by their labels in either language or by field names', async () => {
    const uk = await report('Код ISO,Назва (англ.),name_uk\nXD,Xd,Хд\n', 'mode=dry-run');
    expect(uk.columns.matched.map((column) => column.field).sort()).toEqual(['code', 'name_en', 'name_uk']);
    expect(uk.counts.create).toBe(1);
  });

  it('commit is all-or-nothing by default; rows=valid writes the valid rows only', async () => {
    const file = 'code,name_en,name_uk\nXE,Xe,Хе\nxf,Xf,Хф\nX1,Bad,Погана\n';
    const all = await report(file);
    expect(all.committed).toBe(false);
    expect(all.counts).toMatchObject({ create: 2, rejected: 1 });
    expect(await codes('XE')).toEqual([]);
    const valid = await report(file, 'mode=commit&rows=valid');
    expect(valid.committed).toBe(true);
    expect(valid.counts).toMatchObject({ create: 2, rejected: 1 });
    // The form's schema normalises what it would normalise in the form (code upper-cased).
    expect(await codes('XE')).toEqual(['XE:Xe:Хе']);
    expect(await codes('XF')).toEqual(['XF:Xf:Хф']);
    expect(valid.rejected[0]?.errors).toEqual({ code: ['Two Latin capital letters (ISO 3166-1 alpha-2)'] });
  });

  it('answers the rejected rows as CSV with their reasons when asked for text/csv', async () => {
    const response = await importCsv(
      'code,name_en,name_uk\nXG,Xg,Хг\nX2,"=cmd()",Погана\n',
      'mode=commit&rows=valid',
      { accept: 'text/csv', Lang: 'uk-UA' },
    );
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(response.headers['x-import-committed']).toBe('true');
    expect(JSON.parse(String(response.headers['x-import-counts']))).toMatchObject({ create: 1, rejected: 1 });
    const lines = response.body.replace(/^\uFEFF/, '').split('\r\n');
    expect(lines[0]).toBe('Рядок,code,name_en,name_uk,Помилки');
    expect(lines[1]).toMatch(/^3,X2,'=cmd\(\),Погана,code: /);
  });

  it('re-importing the same file with update changes nothing the second time', async () => {
    const file = 'code,name_en,name_uk\nXH,Xh,Хх\nXI,Xi,Хі\n';
    expect((await report(file)).counts).toMatchObject({ create: 2, update: 0 });
    const again = await report(file);
    expect(again.counts).toEqual({ rows: 2, create: 0, update: 0, unchanged: 2, skipped: 0, rejected: 0 });
    expect(again.committed).toBe(true);
    const skip = await report(file, 'mode=commit&onConflict=skip');
    expect(skip.counts).toMatchObject({ skipped: 2 });
    const fail = await report(file, 'mode=commit&onConflict=fail');
    expect(fail.committed).toBe(false);
    expect(fail.rejected[0]?.errors).toEqual({ _row: ['A record with this key already exists'] });
  });

  it('gives per-row, per-field messages in the request language', async () => {
    const file = 'code,name_en,name_uk\nXJ,Xj,Хй\nXJ,Xj again,Хй\na1,Bad,Погана\n';
    const en = await report(file, 'mode=dry-run');
    expect(en.rejected.map((row) => row.errors)).toEqual([
      { _row: ['The same key is on line 2 already'] },
      { code: ['Two Latin capital letters (ISO 3166-1 alpha-2)'] },
    ]);
    const uk = await report(file, 'mode=dry-run', { Lang: 'uk-UA' });
    expect(uk.rejected.map((row) => row.errors)).toEqual([
      { _row: ['Такий самий ключ уже є в рядку 2'] },
      { code: [expect.stringMatching(/[А-Яа-яІіЇїЄє]/)] },
    ]);
  });

  it.each([
    ['broken quoting', 'code,name_en,name_uk\nXK,"Xk,Хк\nXL,Xl,Хл\n', 'Line 2: a quoted cell is not closed'],
    ['text after a closing quote', 'code,name_en,name_uk\nXK,Xk,Хк\nXL,"Xl"x,Хл\n', 'Line 3: a quoted cell'],
    ['binary bytes', 'code,name_en,name_uk\nXK,Xk,Хк\nXL,X\u0000,Хл\n', 'Line 3: the file holds binary data'],
    ['a secret column', 'code,name_en,name_uk,password\nXK,Xk,Хк,x\n', undefined],
    ['no key column', 'name_en,name_uk\nXk,Хк\n', 'The file has no column for code'],
    ['an empty file', '', 'The file is empty'],
    ['a column twice', 'code,Code,name_en\nXK,XK,Xk\n', 'Column "Code" appears more than once'],
  ])('refuses %s with a 422 naming the fault, writing nothing', async (_name, file, text) => {
    const response = await importCsv(file);
    if (text === undefined) {
      // `password` is no column of countries: it is only an unknown one there.
      expect(response.statusCode).toBe(200);
      expect(response.json<ImportReport>().columns.unknown).toEqual(['password']);
      await t.db.deleteFrom('countries').where('code', '=', 'XK').execute();
      return;
    }
    expect(response.statusCode, response.body).toBe(422);
    expect(response.json<{ message: string }>().message).toContain(text);
    expect(await codes('XK')).toEqual([]);
  });

  it('refuses a file that is not UTF-8 with the line, in Ukrainian too', async () => {
    const latin1 = Buffer.from('code,name_en,name_uk\nXM,Caf\xe9,Кафе\n', 'latin1');
    const response = await importCsv(latin1, 'mode=commit', { Lang: 'uk-UA' });
    expect(response.statusCode).toBe(422);
    expect(response.json()).toEqual({ message: 'Рядок 2: файл не є текстом у кодуванні UTF-8' });
  });

  it('imports its own export back with no changes, and the export neutralises formulas again', async () => {
    await report('code,name_en,name_uk\nXN,"=cmd()",Формула\nXO,"Comma, inc",Кома\n');
    for (const lang of ['en-US', 'uk-UA']) {
      const exported = await t.app.inject({
        method: 'GET',
        url: `${COUNTRIES}/export.csv?filter[code]=X`,
        headers: { ...headers, Lang: lang },
      });
      expect(exported.body).toContain("'=cmd()");
      const back = await report(exported.body, 'mode=dry-run&onConflict=update', { Lang: lang });
      expect(back.counts.rejected).toBe(0);
      expect(back.counts.update).toBe(0);
      expect(back.counts.unchanged).toBe(back.counts.rows);
    }
    // Stored as the text given: the apostrophe is the export's, not the data's.
    expect(await codes('XN')).toEqual(['XN:=cmd():Формула']);
  });

  it('never duplicates a key when two overlapping imports run at once', async () => {
    const rows = (from: number, to: number) =>
      Array.from({ length: to - from }, (_, index) => {
        const code = `Q${String.fromCharCode(65 + from + index)}`;
        return `${code},Name ${code},Назва ${code}`;
      }).join('\n');
    const first = `code,name_en,name_uk\n${rows(0, 16)}\n`;
    const second = `code,name_en,name_uk\n${rows(8, 24)}\n`;
    const [a, b] = await Promise.all([
      report(first, 'mode=commit&onConflict=skip'),
      report(second, 'mode=commit&onConflict=skip'),
    ]);
    expect(a.committed && b.committed).toBe(true);
    expect(a.counts.create + b.counts.create).toBe(24);
    expect(a.counts.skipped + b.counts.skipped).toBe(8);
    const stored = await t.db.selectFrom('countries').select(['code']).where('code', 'like', 'Q%').execute();
    expect(stored).toHaveLength(24);
  });

  it('writes one audit entry per commit, with the file name and the counts', async () => {
    await report('code,name_en,name_uk\nXP,Xp,Хп\n', 'mode=commit&filename=countries.csv');
    await report('code,name_en,name_uk\nXQ,Xq,Хк\n', 'mode=commit', {
      'content-disposition': 'attachment; filename="from-header.csv"',
    });
    const entries = await t.db
      .selectFrom('audit_log')
      .select(['detail', 'resource'])
      .where('action', '=', 'bulk')
      .where('resource', '=', 'countries')
      .orderBy('id', 'desc')
      .limit(2)
      .execute();
    expect(entries.map((entry) => entry.detail)).toEqual([
      {
        name: 'import',
        file: 'from-header.csv',
        onConflict: 'skip',
        rows: 'all',
        counts: { rows: 1, create: 1, update: 0, unchanged: 0, skipped: 0, rejected: 0 },
      },
      expect.objectContaining({ name: 'import', file: 'countries.csv' }),
    ]);
  });

  it("needs the list's create permission, and update for onConflict=update", async () => {
    const reader = await adminWithGrants(t, [{ resource: 'auth.countries', action: 'list' }]);
    const creator = await adminWithGrants(t, [
      { resource: 'auth.countries', action: 'create' },
      { resource: 'auth.countries', action: 'list' },
    ]);
    const file = 'code,name_en,name_uk\nXR,Xr,Хр\n';
    const as = (who: { headers: Record<string, string> }, query: string) =>
      t.app.inject({
        method: 'POST',
        url: `${COUNTRIES}/import?${query}`,
        headers: { ...who.headers, 'content-type': 'text/csv' },
        payload: file,
      });
    expect((await as(reader, 'mode=dry-run')).statusCode).toBe(403);
    expect((await as(creator, 'mode=dry-run')).statusCode).toBe(200);
    expect((await as(creator, 'mode=dry-run&onConflict=update')).statusCode).toBe(403);
    const anonymous = await t.app.inject({
      method: 'POST',
      url: `${COUNTRIES}/import`,
      headers: { 'content-type': 'text/csv' },
      payload: file,
    });
    expect(anonymous.statusCode).toBe(401);
  });

  it('refuses a bad query and a JSON body', async () => {
    const bad = await importCsv('code\nXS\n', 'mode=now&onConflict=merge');
    expect(bad.statusCode).toBe(422);
    expect(Object.keys(bad.json<{ message: Record<string, string[]> }>().message).sort()).toEqual([
      'mode',
      'onConflict',
    ]);
    const json = await importCsv('{"code":"XS"}', 'mode=dry-run', { 'content-type': 'application/json' });
    expect(json.statusCode).toBe(415);
    expect(json.json()).toEqual({ message: 'Send the file as text/csv or application/octet-stream' });
  });
});

describe.each(testDatabaseKinds())('CSV import limits on %s', (kind) => {
  let t: TestApp;
  let headers: Record<string, string>;
  beforeAll(async () => {
    t = await createTestApp(kind, { IMPORT_MAX_ROWS: '3', IMPORT_MAX_BYTES: '2048' });
    headers = await adminHeaders(t, 'en-US');
  });
  afterAll(() => t?.close());

  const importCsv = (body: string) =>
    t.app.inject({
      method: 'POST',
      url: `${COUNTRIES}/import?mode=commit`,
      headers: { ...headers, 'content-type': 'text/csv' },
      payload: body,
    });

  it('answers 422 past the row limit and 413 past the byte limit, writing nothing', async () => {
    const rows = ['YA', 'YB', 'YC', 'YD'].map((code) => `${code},N ${code},Н ${code}`);
    const many = await importCsv(`code,name_en,name_uk\n${rows.join('\n')}\n`);
    expect(many.statusCode).toBe(422);
    expect(many.json()).toEqual({ message: 'The file has more than 3 rows; split it into smaller files' });
    const three = await importCsv(`code,name_en,name_uk\n${rows.slice(0, 3).join('\n')}\n`);
    expect(three.statusCode).toBe(200);
    await t.db.deleteFrom('countries').where('code', 'like', 'Y%').execute();
    const big = await importCsv(`code,name_en,name_uk\nYE,${'x'.repeat(3000)},Н\n`);
    expect(big.statusCode).toBe(413);
    expect(big.json<{ message: string }>().message).toMatch(/^The file is too large/);
    const stored = await t.db.selectFrom('countries').select('code').where('code', 'like', 'Y%').execute();
    expect(stored).toEqual([]);
  });
});
