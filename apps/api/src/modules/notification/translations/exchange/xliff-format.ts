import { EXCHANGE_SOURCE_LOCALE, type Locale } from '@pult/contract';
import { js2xliff, type XliffDocument, xliff2js, xliff12ToJs } from 'xliff';
import { type ExchangeEntry, type ExchangeFile, ExchangeFileError } from './exchange-entry.js';

/**
 * XLIFF 2.0, as the `xliff` library writes and reads it: a `<file>` per group, a `<unit>` per key, its
 * segment's `<source>` in Ukrainian and `<target>` in the file's language (empty when untranslated).
 * XLIFF 1.2 files (older tools) are read too; inline markup is read as its text.
 */
export async function writeXliff(entries: readonly ExchangeEntry[], locale: Locale): Promise<string> {
  const resources: Record<string, Record<string, { source: string; target: string }>> = {};
  for (const entry of entries) {
    const units = resources[entry.group] ?? {};
    resources[entry.group] = units;
    units[entry.key] = { source: entry.source ?? '', target: entry.target ?? '' };
  }
  const text = await js2xliff({ sourceLanguage: EXCHANGE_SOURCE_LOCALE, targetLanguage: locale, resources });
  return `<?xml version="1.0" encoding="UTF-8"?>\n${text}\n`;
}

export async function readXliff(text: string): Promise<ExchangeFile> {
  let parsed: Partial<XliffDocument> | undefined;
  try {
    const version = /<xliff\b[^>]*\bversion\s*=\s*["']([^"']+)["']/.exec(text)?.[1];
    parsed = version?.startsWith('1.')
      ? await xliff12ToJs(text, { inlineAsString: true })
      : await xliff2js(text, { inlineAsString: true });
  } catch (error) {
    throw new ExchangeFileError('not XLIFF', { cause: error });
  }
  if (!parsed || typeof parsed !== 'object' || !parsed.resources) throw new ExchangeFileError('not XLIFF');
  const entries: ExchangeEntry[] = [];
  for (const [group, units] of Object.entries(parsed.resources)) {
    for (const [key, unit] of Object.entries(units ?? {})) {
      // A unit without a segment (`<unit id="k"/>`) has nothing to import.
      if (!unit || typeof unit !== 'object') continue;
      entries.push({ group, key, source: textOf(unit.source) || null, target: textOf(unit.target) || null });
    }
  }
  return { locale: parsed.targetLanguage ?? null, entries };
}

/** A segment's text; inline elements the library leaves as objects are dropped to their text. */
function textOf(value: unknown): string | null {
  if (value === undefined || value === null) return null;
  if (typeof value === 'string') return value;
  if (Array.isArray(value)) return value.map((part) => textOf(part) ?? '').join('');
  if (typeof value === 'object' && 'contents' in value)
    return textOf((value as { contents: unknown }).contents);
  return null;
}
