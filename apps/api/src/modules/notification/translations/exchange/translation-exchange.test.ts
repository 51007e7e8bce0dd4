import type { ImportReport } from '@pult/contract';
import { po } from 'gettext-parser';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { js2xliff, xliff2js } from 'xliff';
import { adminHeaders, createTranslation } from '../../../../test/factories.js';
import { createTestApp, type TestApp } from '../../../../test/test-app.js';
import { testDatabaseKinds } from '../../../../test/test-database.js';

const EXCHANGE = '/notification/api/v1/admin/translations/exchange';

describe.each(testDatabaseKinds())('translations in XLIFF, PO and i18next JSON on %s', (kind) => {
  let t: TestApp;
  let headers: Record<string, string>;
  beforeAll(async () => {
    t = await createTestApp(kind);
    headers = await adminHeaders(t, 'en-US');
    await createTranslation(t.db, 'xchg', 'title', { 'uk-UA': 'Заголовок', 'en-US': 'Title' });
    await createTranslation(t.db, 'xchg', 'body.text', { 'uk-UA': 'Текст <b>&</b>' });
  });
  afterAll(() => t?.close());

  const download = async (query: string) => {
    const response = await t.app.inject({ method: 'GET', url: `${EXCHANGE}?${query}`, headers });
    expect(response.statusCode, response.body).toBe(200);
    return response;
  };
  const upload = (query: string, body: string, lang = 'en-US') =>
    t.app.inject({
      method: 'POST',
      url: `${EXCHANGE}?${query}`,
      headers: { ...headers, Lang: lang, 'content-type': 'application/octet-stream' },
      payload: body,
    });
  const report = async (query: string, body: string) => {
    const response = await upload(query, body);
    expect(response.statusCode, response.body).toBe(200);
    return response.json<ImportReport>();
  };
  const texts = async (key: string) =>
    (
      await t.db
        .selectFrom('notification_translations')
        .select('texts')
        .where('group_name', '=', 'xchg')
        .where('key_name', '=', key)
        .executeTakeFirstOrThrow()
    ).texts;
  const ours = (entries: Record<string, unknown>) =>
    Object.fromEntries(Object.entries(entries).filter(([group]) => group === 'xchg'));

  it('exports XLIFF 2.0 with the untranslated key as an empty target, and imports it back unchanged', async () => {
    const response = await download('format=xliff&locale=en-US');
    expect(response.headers['content-type']).toBe('application/xliff+xml; charset=utf-8');
    expect(response.headers['content-disposition']).toBe('attachment; filename="translations-en-US.xlf"');
    const js = await xliff2js(response.body);
    expect(ours(js.resources)).toEqual({
      xchg: {
        'body.text': { source: 'Текст <b>&</b>', target: '' },
        title: { source: 'Заголовок', target: 'Title' },
      },
    });
    const back = await report('format=xliff&locale=en-US&mode=commit', response.body);
    expect(back.committed).toBe(true);
    expect(back.counts.create + back.counts.update).toBe(0);
    expect(await texts('body.text')).toEqual({ 'uk-UA': 'Текст <b>&</b>' });
  });

  it('imports what a translator filled in with the xliff library: a dry run first, then only English', async () => {
    const js = await xliff2js((await download('format=xliff&locale=en-US')).body);
    const units = js.resources.xchg ?? {};
    units['body.text'] = { source: 'Текст <b>&</b>', target: 'Text <b>&</b>' };
    units.title = { source: 'Заголовок', target: '' };
    const file = await js2xliff({ ...js, resources: { xchg: units } });
    const dry = await report('format=xliff&locale=en-US', file);
    expect(dry.committed).toBe(false);
    expect(dry.counts).toMatchObject({ rows: 1, update: 1, create: 0, rejected: 0 });
    expect(dry.updated[0]?.changes).toEqual([{ field: 'value_en', before: null, after: 'Text <b>&</b>' }]);
    expect(await texts('body.text')).toEqual({ 'uk-UA': 'Текст <b>&</b>' });
    await report('format=xliff&locale=en-US&mode=commit', file);
    expect(await texts('body.text')).toEqual({ 'uk-UA': 'Текст <b>&</b>', 'en-US': 'Text <b>&</b>' });
    // An emptied target is a key left untranslated, never a text cleared.
    expect(await texts('title')).toEqual({ 'uk-UA': 'Заголовок', 'en-US': 'Title' });
  });

  it('round-trips gettext PO through gettext-parser and imports a changed msgstr', async () => {
    const text = (await download('format=po&locale=en-US')).body;
    const parsed = po.parse(text);
    const title = parsed.translations['xchg.title']?.Заголовок;
    expect(title?.msgstr).toEqual(['Title']);
    if (title) title.msgstr = ['Heading'];
    const result = await report('format=po&locale=en-US&mode=commit', po.compile(parsed).toString('utf8'));
    expect(result.counts.update).toBe(1);
    expect((await texts('title'))['en-US']).toBe('Heading');
  });

  it('exports and imports i18next JSON for any language, nested by group', async () => {
    const json = JSON.parse((await download('format=json&locale=uk-UA')).body);
    expect(json.xchg).toEqual({ 'body.text': 'Текст <b>&</b>', title: 'Заголовок' });
    const result = await report(
      'format=json&locale=uk-UA&mode=commit',
      JSON.stringify({ xchg: { body: { text: 'Новий текст' } } }),
    );
    expect(result.counts).toMatchObject({ rows: 1, update: 1 });
    expect((await texts('body.text'))['uk-UA']).toBe('Новий текст');
  });

  it('answers 422 for a file of another language, a broken file and XLIFF into the source language', async () => {
    const xliff = (await download('format=xliff&locale=en-US')).body;
    const other = await upload('format=xliff&locale=en-US', xliff.replace('trgLang="en-US"', 'trgLang="de"'));
    expect(other.statusCode).toBe(422);
    expect(other.json().message).toBe('The file translates into de, not into en-US');
    const broken = await upload('format=po&locale=en-US', 'msgid "a\nmsgstr', 'uk-UA');
    expect(broken.statusCode).toBe(422);
    expect(broken.json().message).toBe('Файл не вдалося прочитати як gettext PO');
    const source = await t.app.inject({
      method: 'GET',
      url: `${EXCHANGE}?format=xliff&locale=uk-UA`,
      headers,
    });
    expect(source.statusCode).toBe(422);
    const badEncoding = await t.app.inject({
      method: 'POST',
      url: `${EXCHANGE}?format=json&locale=en-US&mode=commit`,
      headers: { ...headers, 'content-type': 'application/json' },
      payload: Buffer.from([0x7b, 0xff, 0x7d]),
    });
    expect(badEncoding.statusCode).toBe(422);
    expect(await texts('title')).toEqual({ 'uk-UA': 'Заголовок', 'en-US': 'Heading' });
  });

  it('refuses a caller without a session, both ways', async () => {
    const anonymous = await t.app.inject({ method: 'GET', url: `${EXCHANGE}?format=json&locale=en-US` });
    expect(anonymous.statusCode).toBe(401);
    const posted = await t.app.inject({
      method: 'POST',
      url: `${EXCHANGE}?format=json&locale=en-US`,
      payload: '{}',
    });
    expect(posted.statusCode).toBe(401);
  });
});
