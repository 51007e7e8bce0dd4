/**
 * The one lookup of a text by key, shared by the panel's translator (`i18n.ts`) and the public
 * screens (`public-entry/public-texts.ts`). Plain functions without React or any library: the public
 * entry imports this too and must stay light (issue 24).
 */

/** One language's texts: nested groups of strings, a key being the path through them (`login.title`). */
export type TextTree = { readonly [key: string]: string | TextTree };

/** Values for a text's `{{name}}` placeholders; a count or a size may be passed as a number. */
export type TextParams = Readonly<Record<string, string | number>>;

/** The plural forms a text may have, as `Intl.PluralRules` names them (`usedBy_one`, `usedBy_few`…). */
type PluralCategory = 'zero' | 'one' | 'two' | 'few' | 'many' | 'other';

/**
 * The key without one plural suffix, or never. One category at a time: matched against the union at
 * once, `infer` stops at the key's first `_` (`retry_failed_one` would give `retry`).
 */
type WithoutPlural<K extends string, C extends PluralCategory = PluralCategory> = C extends PluralCategory
  ? K extends `${infer Base}_${C}`
    ? Base
    : never
  : never;

/** A text's key as callers write it: a plural form's without its suffix (`t('usedBy', { count })`). */
type CalledAs<K extends string> = [WithoutPlural<K>] extends [never] ? K : WithoutPlural<K>;

/**
 * Every key of `T` that leads to a text, as a dotted path (`'login.title'`): the type `t()` checks
 * its keys against, so a key the Ukrainian texts lack is a type error. Groups are not keys: nothing
 * translates a whole group (the reports read theirs as data, `I18n.texts`).
 */
export type TextKeyOf<T> = {
  [K in keyof T & string]: T[K] extends string ? CalledAs<K> : `${K}.${TextKeyOf<T[K]>}`;
}[keyof T & string];

/** The text at `key` (a dotted path), or undefined when there is none or the path ends at a group. */
export function lookupText(texts: TextTree, key: string): string | undefined {
  let node: string | TextTree | undefined = texts;
  for (const part of key.split('.')) {
    // `Object.hasOwn`, so that a key such as `constructor` is not found on the prototype.
    node = typeof node === 'object' && Object.hasOwn(node, part) ? node[part] : undefined;
  }
  return typeof node === 'string' ? node : undefined;
}

/**
 * Fills `{{name}}` placeholders from `params`. Not HTML-escaped: React escapes what it renders, and
 * the texts are never put into markup. A placeholder without a value stays as written, so a missing
 * parameter shows on screen rather than vanishing. One pass: a value holding `{{…}}` is left as is.
 */
export function interpolate(text: string, params: TextParams | undefined): string {
  if (!params) return text;
  return text.replace(/\{\{(\w+)\}\}/g, (whole, name: string) => {
    const value = Object.hasOwn(params, name) ? params[name] : undefined;
    return value === undefined ? whole : String(value);
  });
}

/** How `translate` looks a text up beyond its key. */
export interface TranslateOptions {
  /** The text when the key has none (a label built from a server's name falls back to that name). */
  fallback?: string;
  /**
   * The language's plural rules: with them and a numeric `count` parameter, the form the count takes
   * (`key_one`, `key_few`…) is looked up before `key` itself, and `key_zero` first for a count of 0, as
   * i18next did. A `count` passed as a string (a number already formatted) picks no form.
   */
  plurals?: Intl.PluralRules;
}

/** The text for `key`, of the form `count` takes when the language has plural rules. */
function findText(texts: TextTree, key: string, count: unknown, plurals: Intl.PluralRules | undefined) {
  if (plurals && typeof count === 'number') {
    const form =
      (count === 0 ? lookupText(texts, `${key}_zero`) : undefined) ??
      lookupText(texts, `${key}_${plurals.select(count)}`);
    if (form !== undefined) return form;
  }
  return lookupText(texts, key);
}

/**
 * `key` looked up in `texts` with its placeholders filled in. A key the texts lack comes back as the
 * fallback when one is given, else as the key itself, which a test of the screens would catch.
 */
export function translate(
  texts: TextTree,
  key: string,
  params?: TextParams,
  options: TranslateOptions = {},
): string {
  const text = findText(texts, key, params?.count, options.plurals);
  return interpolate(text ?? options.fallback ?? key, params);
}
