import { type ListResponse, usersResource } from '@pult/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { personListSource } from '../../modules/auth/people/person-source.js';
import { adminHeaders, createUser } from '../../test/factories.js';
import { createTestApp, type TestApp } from '../../test/test-app.js';
import { testDatabaseKinds } from '../../test/test-database.js';
import { parseListRequest } from '../list-request.js';
import { walkList } from './list-walk.js';

/** RFC 4180 rows, with quoted separators and line breaks. */
function parseCsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let cell = '';
  let quoted = false;
  for (let index = 0; index < text.length; index += 1) {
    const char = text[index];
    if (quoted) {
      if (char === '"' && text[index + 1] === '"') {
        cell += '"';
        index += 1;
      } else if (char === '"') quoted = false;
      else cell += char;
    } else if (char === '"') quoted = true;
    else if (char === ',') {
      row.push(cell);
      cell = '';
    } else if (char === '\r' && text[index + 1] === '\n') {
      row.push(cell);
      rows.push(row);
      row = [];
      cell = '';
      index += 1;
    } else cell += char;
  }
  return rows;
}

describe.each(testDatabaseKinds())('CSV export of lists on %s', (kind) => {
  let t: TestApp;
  let headers: Record<string, string>;

  beforeAll(async () => {
    t = await createTestApp(kind);
    headers = await adminHeaders(t, 'en-US');
    const names = ['Ann', 'bob', 'Вікторія', 'Єва', 'Іван', 'ann', 'Zed', 'Анна', 'Mia', 'Lu'];
    // Repeated names, NULL usernames and birthdays, equal timestamps: every tie and NULL rule of the order.
    for (let index = 0; index < 26; index += 1) {
      await createUser(t.db, {
        email: `walk${index}@export.test`,
        first_name: names[index % names.length] as string,
        last_name: `Last ${index % 4}`,
        username: index % 3 === 0 ? null : `u${index % 5}`,
        birthday: index % 4 === 0 ? null : `1990-0${(index % 9) + 1}-01`,
        status: index % 2 === 0 ? 1 : 2,
        created_at: new Date(Date.UTC(2026, 0, 1 + (index % 3), 0, 0, 0, 123)),
      });
    }
    await createUser(t.db, {
      email: 'formula@export.test',
      first_name: '=HYPERLINK("http://evil")',
      last_name: '+1, "two"',
    });
    await createUser(t.db, { email: 'tab@export.test', first_name: '\tcmd', last_name: '@SUM(A1)\nx' });
  });
  afterAll(() => t?.close());

  const exportCsv = (query: string, extra: Record<string, string> = headers) =>
    t.app.inject({ method: 'GET', url: `/auth/admin/users/export.csv${query}`, headers: extra });

  async function allPages(query: string): Promise<number[]> {
    const ids: number[] = [];
    for (let page = 1; ; page += 1) {
      const response = await t.app.inject({
        method: 'GET',
        url: `/auth/admin/users${query}${query ? '&' : '?'}perPage=5&page=${page}`,
        headers,
      });
      expect(response.statusCode).toBe(200);
      const body = response.json<ListResponse<{ id: number }>>();
      ids.push(...body.items.map((item) => item.id));
      if (page >= body.pageCount) return ids;
    }
  }

  it.each([
    '',
    '?sort=first_name',
    '?sort=-first_name',
    '?sort=username',
    '?sort=-username',
    '?sort=birthday,-first_name',
    '?sort=-birthday,username',
    '?sort=status,-created_at',
    '?sort=-id',
    '?sort=created_at&filter[email]=walk',
    '?sort=-last_name&filter[status]=2',
  ])('walks %s in batches in exactly the order of the list pages', async (query) => {
    const params = Object.fromEntries(new URLSearchParams(query));
    const request = parseListRequest(usersResource, params);
    const walked: number[] = [];
    let batches = 0;
    for await (const items of walkList(t.db, personListSource('users', usersResource, 'en-US'), request, 3)) {
      expect(items.length).toBeLessThanOrEqual(3);
      batches += 1;
      walked.push(...items.map((item) => item.id));
    }
    const paged = await allPages(query);
    expect(walked).toEqual(paged);
    expect(batches).toBeGreaterThanOrEqual(Math.ceil(paged.length / 3));
  });

  it('answers UTF-8 CSV with a BOM, the labels of the request language and every matching row', async () => {
    const response = await exportCsv('?sort=-id&filter[email]=walk&page=3&perPage=5');
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('text/csv; charset=utf-8');
    // Streamed: sent as it is read, so no length is known in advance.
    expect(response.headers['transfer-encoding']).toBe('chunked');
    expect(response.headers['content-length']).toBeUndefined();
    expect(response.headers['content-disposition']).toMatch(
      /^attachment; filename="users-\d{8}-\d{6}\.csv"$/,
    );
    const bytes = response.rawPayload;
    expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const rows = parseCsv(response.body.slice(1));
    expect(rows[0]?.slice(0, 5)).toEqual(['ID', 'E-mail', 'Username', 'First name', 'Last name']);
    // page and perPage are ignored: all 26 rows, in the list's order.
    expect(rows.length - 1).toBe(26);
    expect(rows.slice(1).map((row) => Number(row[0]))).toEqual(
      await allPages('?sort=-id&filter[email]=walk'),
    );

    const uk = await exportCsv('?filter[email]=walk0@', { ...headers, Lang: 'uk-UA' });
    const [ukHeader, ukRow] = parseCsv(uk.body.slice(1));
    expect(ukHeader?.slice(0, 2)).toEqual(['ID', 'Е-пошта']);
    expect(ukHeader).toContain('Статус');
    expect(ukRow).toContain('Активний');
  });

  it('writes times in ISO 8601 UTC and options by their names', async () => {
    const response = await exportCsv('?filter[email]=walk1@');
    const [header, row] = parseCsv(response.body.slice(1));
    const cell = (label: string) => row?.[header?.indexOf(label) ?? -1];
    expect(cell('Created')).toBe('2026-01-02T00:00:00.123Z');
    expect(cell('Status')).toBe('Locked');
    expect(cell('Birthday')).toBe('1990-02-01');
  });

  it('prefixes cells a spreadsheet would evaluate, and quotes what needs quoting', async () => {
    const response = await exportCsv('?filter[email]=@export.test&sort=email');
    const rows = parseCsv(response.body.slice(1));
    const formula = rows.find((row) => row[1] === 'formula@export.test');
    expect(formula?.[3]).toBe(`'=HYPERLINK("http://evil")`);
    expect(formula?.[4]).toBe(`'+1, "two"`);
    const tab = rows.find((row) => row[1] === 'tab@export.test');
    expect(tab?.[3]).toBe("'\tcmd");
    expect(tab?.[4]).toBe("'@SUM(A1)\nx");
    for (const row of rows.slice(1)) {
      for (const value of row) expect(value).not.toMatch(/^[=+\-@\t\r]/);
    }
  });

  it('never exports secrets: no password hash, nothing outside the descriptor', async () => {
    const response = await exportCsv('');
    expect(response.body).not.toContain('$argon2');
    const [header] = parseCsv(response.body.slice(1));
    expect(header).toHaveLength(usersResource.fields.length);
  });

  it('refuses a bad grammar with the list 422 and a missing token with 401', async () => {
    const bad = await exportCsv('?sort=password_hash&filter[nope]=1');
    expect(bad.statusCode).toBe(422);
    expect(bad.json()).toEqual({
      message: { sort: ['This column cannot be sorted'], 'filter[nope]': [expect.any(String)] },
    });
    expect((await exportCsv('', {})).statusCode).toBe(401);
  });

  it('serves an export beside every admin list', async () => {
    const lists = [
      '/auth/admin/admins',
      '/auth/admin/countries',
      '/auth/admin/cities',
      '/auth/admin/settings',
      '/storage/api/v1/admin/buckets',
      '/storage/api/v1/admin/files',
      '/storage/api/v1/admin/logs',
      '/storage/api/v1/admin/errors',
      '/storage/api/v1/admin/error-groups',
      '/notification/api/v1/admin/email-queue',
      '/notification/api/v1/admin/templates',
      '/notification/api/v1/admin/translations',
    ];
    for (const list of lists) {
      const response = await t.app.inject({ method: 'GET', url: `${list}/export.csv`, headers });
      expect(response.statusCode, list).toBe(200);
      expect(response.body.startsWith('\uFEFF'), list).toBe(true);
      expect(response.body, list).not.toMatch(/^\uFEFF[^\r]*\b[a-z]+\.[a-z_.]+\b/);
    }
  });
});
