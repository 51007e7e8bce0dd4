import { type ExchangeEntry, type ExchangeFile, ExchangeFileError } from './exchange-entry.js';

/**
 * i18next JSON: one language's texts, an object per group holding each key's text (a key may hold
 * dots, which i18next also finds as written). Untranslated keys are written as empty strings. Read
 * back, deeper nesting is joined with dots (`{ "a": { "b": "…" } }` is the key `a.b`), as i18next
 * reads it; an empty string is no text.
 */
export function writeJson(entries: readonly ExchangeEntry[]): string {
  const groups: Record<string, Record<string, string>> = {};
  for (const entry of entries) {
    const group = groups[entry.group] ?? {};
    groups[entry.group] = group;
    group[entry.key] = entry.target ?? '';
  }
  return `${JSON.stringify(groups, null, 2)}\n`;
}

export function readJson(text: string): ExchangeFile {
  let parsed: unknown;
  try {
    parsed = JSON.parse(text.replace(/^\uFEFF/, ''));
  } catch (error) {
    throw new ExchangeFileError('not JSON', { cause: error });
  }
  if (!isObject(parsed)) throw new ExchangeFileError('not an object of groups');
  const entries: ExchangeEntry[] = [];
  for (const [group, keys] of Object.entries(parsed)) {
    if (!isObject(keys)) throw new ExchangeFileError(`group "${group}" is not an object`);
    collect(keys, '', (key, value) => entries.push({ group, key, source: null, target: value || null }));
  }
  return { locale: null, entries };
}

/** Deeper than any key a translation can have (150 characters, so at most 75 levels). */
const MAX_DEPTH = 80;

function collect(
  node: Record<string, unknown>,
  prefix: string,
  add: (key: string, value: string) => void,
  depth = 1,
): void {
  if (depth > MAX_DEPTH) throw new ExchangeFileError(`nested deeper than ${MAX_DEPTH} levels`);
  for (const [name, value] of Object.entries(node)) {
    const key = prefix ? `${prefix}.${name}` : name;
    if (typeof value === 'string') add(key, value);
    else if (isObject(value)) collect(value, key, add, depth + 1);
    else throw new ExchangeFileError(`"${key}" is neither a text nor an object`);
  }
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
