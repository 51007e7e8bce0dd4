import { EXCHANGE_SOURCE_LOCALE, type Locale } from '@pult/contract';
import { type GetTextTranslation, type GetTextTranslations, po } from 'gettext-parser';
import { type ExchangeEntry, type ExchangeFile, ExchangeFileError } from './exchange-entry.js';

/**
 * gettext PO, as `gettext-parser` writes and reads it (an entry marked fuzzy reads as untranslated). A translation's `msgctxt` is `group.key` (a
 * group has no dot, so the first one splits them), `msgid` the Ukrainian text a translator reads (the
 * context itself when there is none, since an empty `msgid` is the header), `msgstr` the target, empty
 * when untranslated. The header's `Language` names the target.
 */
export function writePo(entries: readonly ExchangeEntry[], locale: Locale): string {
  const translations: GetTextTranslations['translations'] = { '': {} };
  for (const entry of entries) {
    const context = `${entry.group}.${entry.key}`;
    const msgid = entry.source || context;
    translations[context] = { [msgid]: { msgctxt: context, msgid, msgstr: [entry.target ?? ''] } };
  }
  const headers = {
    'Content-Type': 'text/plain; charset=UTF-8',
    'Content-Transfer-Encoding': '8bit',
    Language: locale.replace('-', '_'),
    'X-Source-Language': EXCHANGE_SOURCE_LOCALE.replace('-', '_'),
  };
  return po.compile({ charset: 'utf-8', headers, translations }).toString('utf8');
}

export function readPo(text: string): ExchangeFile {
  let parsed: GetTextTranslations;
  try {
    parsed = po.parse(text, { defaultCharset: 'utf-8', validation: true });
  } catch (error) {
    throw new ExchangeFileError('not PO', { cause: error });
  }
  const entries: ExchangeEntry[] = [];
  for (const [context, messages] of Object.entries(parsed.translations)) {
    if (context === '') continue;
    const dot = context.indexOf('.');
    if (dot <= 0) throw new ExchangeFileError(`msgctxt "${context}" is not group.key`);
    for (const message of Object.values(messages) as GetTextTranslation[]) {
      // `#, fuzzy` marks a guess nobody has reviewed; msgfmt leaves it out, and so does the import.
      const fuzzy = /\bfuzzy\b/.test(message.comments?.flag ?? '');
      entries.push({
        group: context.slice(0, dot),
        key: context.slice(dot + 1),
        source: message.msgid === context ? null : message.msgid,
        target: fuzzy ? null : message.msgstr.join('') || null,
      });
    }
  }
  return { locale: parsed.headers.Language ?? parsed.headers.language ?? null, entries };
}
