import {
  DEFAULT_LOCALE,
  type Locale,
  type Placeholder,
  type RenderedMessage,
  replacePlaceholders,
  type TemplateType,
} from '@pult/contract';
import { compile } from 'html-to-text';
import { escapeHtml } from '../../../lib/escape-html.js';

/** What rendering needs of a template. */
export interface RenderableTemplate {
  type: TemplateType;
  subject: string | null;
  content: string;
}

/** Texts by `group.key`, each by locale code. */
export type TranslationTexts = ReadonlyMap<string, Partial<Record<Locale, string>>>;

/** What went wrong while rendering: the request's caller decides whether it is an error. */
export interface RenderProblems {
  /** Variables used but not given (null counts as not given). */
  missingVariables: Set<string>;
  /** Variables given as an object or array where a text is needed. */
  nonScalarVariables: Set<string>;
  /** Translations without a text in the language nor in uk-UA. */
  missingTranslations: Set<string>;
}

export interface RenderResult {
  message: RenderedMessage;
  problems: RenderProblems;
}

function lookup(variables: Record<string, unknown>, path: string): unknown {
  let value: unknown = variables;
  for (const part of path.split('.')) {
    if (typeof value !== 'object' || value === null || Array.isArray(value)) return undefined;
    value = Object.hasOwn(value, part) ? (value as Record<string, unknown>)[part] : undefined;
  }
  return value;
}

/** A translation in the language, else in uk-UA; empty texts count as missing. */
export function translationText(texts: TranslationTexts, ref: string, locale: Locale): string | undefined {
  const entry = texts.get(ref);
  return entry?.[locale] || entry?.[DEFAULT_LOCALE] || undefined;
}

/**
 * Renders subject and content in one language. In an e-mail the content is HTML written by an
 * administrator: variables and translation texts are escaped into it, and a plain-text part is made
 * from the result. Push and SMS content is plain text. `keepUnknown` leaves a placeholder that
 * cannot be filled visible (the editor's preview) instead of empty. `trustedHtml` are variables of
 * HTML the server made itself (a report's tables): put as they are into the HTML, and as their text
 * anywhere else (a subject, the plain-text part), never as raw markup.
 */
export function renderTemplate(
  template: RenderableTemplate,
  locale: Locale,
  variables: Record<string, unknown>,
  texts: TranslationTexts,
  options: { keepUnknown?: boolean; trustedHtml?: Readonly<Record<string, string>> } = {},
): RenderResult {
  const problems: RenderProblems = {
    missingVariables: new Set(),
    nonScalarVariables: new Set(),
    missingTranslations: new Set(),
  };
  const html = template.type === 'email';

  const variable = (placeholder: Extract<Placeholder, { kind: 'variable' }>, inHtml: boolean) => {
    const trusted = options.trustedHtml;
    if (trusted && Object.hasOwn(trusted, placeholder.name)) {
      const markup = trusted[placeholder.name] ?? '';
      return inHtml ? markup : htmlToText(markup);
    }
    const value = lookup(variables, placeholder.name);
    if (value === undefined || value === null) {
      problems.missingVariables.add(placeholder.name);
      return options.keepUnknown ? placeholder.raw : '';
    }
    if (typeof value === 'object') {
      problems.nonScalarVariables.add(placeholder.name);
      return options.keepUnknown ? placeholder.raw : '';
    }
    return inHtml ? escapeHtml(String(value)) : String(value);
  };

  /** A translation's text may use variables itself; it is text, so it is escaped as a whole in HTML. */
  const translation = (placeholder: Extract<Placeholder, { kind: 'translation' }>, inHtml: boolean) => {
    const ref = `${placeholder.group}.${placeholder.key}`;
    const text = translationText(texts, ref, locale);
    if (text === undefined) {
      problems.missingTranslations.add(ref);
      return options.keepUnknown ? `[${ref}]` : '';
    }
    const prepared = inHtml ? escapeHtml(text) : text;
    return replacePlaceholders(prepared, (inner) =>
      inner.kind === 'variable' ? variable(inner, inHtml) : inner.raw,
    );
  };

  const fill = (text: string, inHtml: boolean) =>
    replacePlaceholders(text, (placeholder) =>
      placeholder.kind === 'variable' ? variable(placeholder, inHtml) : translation(placeholder, inHtml),
    );

  // A header cannot hold a line break: one in a variable would start a header of its own.
  const subject =
    template.subject === null
      ? null
      : fill(template.subject, false)
          .replace(/[\r\n]+/g, ' ')
          .trim();
  if (!html) return { message: { subject, html: null, text: fill(template.content, false) }, problems };
  const body = fill(template.content, true);
  return { message: { subject, html: body, text: htmlToText(body) }, problems };
}

/**
 * The plain-text part of an HTML e-mail; links keep their address, and lines are not re-wrapped. A
 * table of class `data` (a mailed report's figures) stays a grid of columns; other tables are layout.
 * Compiled once: building the converter costs more than most conversions.
 */
export const htmlToText: (html: string) => string = compile({
  wordwrap: false,
  selectors: [
    { selector: 'a', options: { hideLinkHrefIfSameAsText: true } },
    { selector: 'img', format: 'skip' },
    { selector: 'table.data', format: 'dataTable', options: { uppercaseHeaderCells: false } },
  ],
});
