import { po } from 'gettext-parser';
import { describe, expect, it } from 'vitest';
import { js2xliff, xliff2js } from 'xliff';
import { type ExchangeEntry, localeOfTag } from './exchange-entry.js';
import { readJson, writeJson } from './json-format.js';
import { readPo, writePo } from './po-format.js';
import { readXliff, writeXliff } from './xliff-format.js';

const entries: ExchangeEntry[] = [
  { group: 'email', key: 'welcome.subject', source: 'Вітаємо, {name}!', target: 'Welcome, {name}!' },
  { group: 'email', key: 'welcome.body', source: 'Рядок 1\nРядок "2" <b>&</b>', target: null },
  { group: 'sms', key: 'code', source: 'Код: {code}', target: 'Code: {code}' },
];

describe('XLIFF 2.0', () => {
  it('writes a file per group and a unit per key, with empty targets for untranslated keys', async () => {
    const text = await writeXliff(entries, 'en-US');
    expect(text).toContain(
      '<xliff xmlns="urn:oasis:names:tc:xliff:document:2.0" version="2.0" srcLang="uk-UA" trgLang="en-US">',
    );
    expect(text).toContain('<file id="email">');
    expect(text).toContain('<unit id="welcome.body">');
    expect(text).toContain('Рядок "2" &lt;b&gt;&amp;&lt;/b&gt;');
    expect(text).toContain('<target></target>');
    const read = await readXliff(text);
    expect(read.locale).toBe('en-US');
    expect(read.entries).toEqual(entries.map((entry) => ({ ...entry, target: entry.target ?? null })));
  });

  it('round-trips unchanged through the xliff library', async () => {
    const ours = await writeXliff(entries, 'en-US');
    const js = await xliff2js(ours);
    expect(js.resources.email?.['welcome.subject']).toEqual({
      source: 'Вітаємо, {name}!',
      target: 'Welcome, {name}!',
    });
    const theirs = await js2xliff(js);
    expect((await readXliff(theirs)).entries).toEqual((await readXliff(ours)).entries);
    expect(await writeXliff((await readXliff(theirs)).entries, 'en-US')).toBe(ours);
  });

  it('reads a hand-written file with notes, states and inline markup, and XLIFF 1.2', async () => {
    const hand = `<?xml version="1.0"?>
<xliff xmlns="urn:oasis:names:tc:xliff:document:2.0" version="2.0" srcLang="uk" trgLang="en">
  <!-- exported by hand -->
  <file id="email" original="email.json">
    <unit id="greeting">
      <notes><note category="context">Subject line</note></notes>
      <segment state="translated">
        <source>Привіт, <ph id="1" equiv="{name}"/>!</source>
        <target>Hello, <ph id="1" equiv="{name}"/>!</target>
      </segment>
    </unit>
  </file>
</xliff>`;
    const read = await readXliff(hand);
    expect(read.locale).toBe('en');
    expect(read.entries).toHaveLength(1);
    expect(read.entries[0]?.group).toBe('email');
    expect(read.entries[0]?.key).toBe('greeting');
    expect(read.entries[0]?.target).toMatch(/^Hello, .*!$/);
    const old = `<?xml version="1.0"?>
<xliff version="1.2" xmlns="urn:oasis:names:tc:xliff:document:1.2">
  <file original="sms" source-language="uk" target-language="en" datatype="plaintext">
    <body><trans-unit id="code"><source>Код</source><target>Code</target></trans-unit></body>
  </file>
</xliff>`;
    expect((await readXliff(old)).entries).toEqual([
      { group: 'sms', key: 'code', source: 'Код', target: 'Code' },
    ]);
  });

  it('skips a unit without a segment', async () => {
    const text =
      '<xliff xmlns="urn:oasis:names:tc:xliff:document:2.0" version="2.0" srcLang="uk" trgLang="en">' +
      '<file id="g"><unit id="empty"/><unit id="k"><segment><source>А</source><target>A</target></segment></unit></file></xliff>';
    expect((await readXliff(text)).entries).toEqual([{ group: 'g', key: 'k', source: 'А', target: 'A' }]);
  });

  it('refuses what is not XLIFF', async () => {
    await expect(readXliff('msgid ""')).rejects.toThrow(/not XLIFF/);
    await expect(readXliff('<html><body/></html>')).rejects.toThrow(/not XLIFF/);
  });
});

describe('gettext PO', () => {
  it('writes msgctxt group.key, the Ukrainian msgid and the target, and reads them back', () => {
    const text = writePo(entries, 'en-US');
    expect(text).toContain('"Language: en_US\\n"');
    expect(text).toContain(
      'msgctxt "email.welcome.subject"\nmsgid "Вітаємо, {name}!"\nmsgstr "Welcome, {name}!"',
    );
    const read = readPo(text);
    expect(read.locale).toBe('en_US');
    expect(read.entries).toEqual(entries);
  });

  it('round-trips unchanged through gettext-parser', () => {
    const ours = writePo(entries, 'en-US');
    const theirs = po.compile(po.parse(ours)).toString('utf8');
    expect(readPo(theirs).entries).toEqual(entries);
    expect(writePo(readPo(theirs).entries, 'en-US')).toBe(ours);
  });

  it('uses the context as msgid when there is no Ukrainian text, and reads a hand-written file', () => {
    const text = writePo([{ group: 'ui', key: 'ok', source: null, target: 'OK' }], 'en-US');
    expect(text).toContain('msgctxt "ui.ok"\nmsgid "ui.ok"\nmsgstr "OK"');
    expect(readPo(text).entries).toEqual([{ group: 'ui', key: 'ok', source: null, target: 'OK' }]);
    const hand =
      'msgid ""\nmsgstr ""\n"Language: en\\n"\n\n#. a comment\nmsgctxt "ui.a.b"\nmsgid "Так"\nmsgstr ""\n"Y"\n"es"\n\n' +
      '#, fuzzy\nmsgctxt "ui.guess"\nmsgid "Може"\nmsgstr "Maybe"\n';
    expect(readPo(hand)).toEqual({
      locale: 'en',
      entries: [
        { group: 'ui', key: 'a.b', source: 'Так', target: 'Yes' },
        // Fuzzy: a guess nobody reviewed is not a translation.
        { group: 'ui', key: 'guess', source: 'Може', target: null },
      ],
    });
  });

  it('refuses a context that is not group.key, and broken syntax', () => {
    expect(() => readPo('msgctxt "nodot"\nmsgid "a"\nmsgstr "b"\n')).toThrow(/group\.key/);
    expect(() => readPo('msgid "a\nmsgstr')).toThrow(/not PO/);
  });
});

describe('i18next JSON', () => {
  it('writes one object per group with empty strings for untranslated keys, and reads it back', () => {
    const text = writeJson(entries);
    expect(JSON.parse(text)).toEqual({
      email: { 'welcome.subject': 'Welcome, {name}!', 'welcome.body': '' },
      sms: { code: 'Code: {code}' },
    });
    expect(readJson(text).entries).toEqual(entries.map((entry) => ({ ...entry, source: null })));
  });

  it('joins deeper nesting with dots, as i18next reads it', () => {
    expect(readJson('{"email":{"welcome":{"subject":"Hi"}}}').entries).toEqual([
      { group: 'email', key: 'welcome.subject', source: null, target: 'Hi' },
    ]);
  });

  it('refuses what is not an object of groups of texts', () => {
    expect(() => readJson('[1]')).toThrow(/object of groups/);
    expect(() => readJson('{"a":{"b":1}}')).toThrow(/neither a text/);
    expect(() => readJson('{')).toThrow(/not JSON/);
    const deep = `{"g":${'{"a":'.repeat(100_000)}"x"${'}'.repeat(100_000)}}`;
    expect(() => readJson(deep)).toThrow(/nested deeper/);
  });
});

describe('localeOfTag', () => {
  it('reads en, en_US and en-US as en-US', () => {
    const locales = ['uk-UA', 'en-US'] as const;
    expect(localeOfTag('en', locales)).toBe('en-US');
    expect(localeOfTag('en_US', locales)).toBe('en-US');
    expect(localeOfTag('uk', locales)).toBe('uk-UA');
    expect(localeOfTag('de', locales)).toBeNull();
  });
});
