import type { Locale } from '@pult/contract';
import { inputToIso, isoToInput } from '../../i18n/date-input';

/**
 * A form's date field holds the ISO day the API takes (`2026-11-23`) while its input shows and reads
 * the day in the UI language's form (23.11.2026, 11/23/2026), not the browser's locale.
 */

/**
 * The form value for what was typed: '' for nothing, the ISO day, or else the text itself, which
 * the date schema refuses (`invalidDate`) so the field says what form it wants. A day typed in ISO
 * form is therefore taken as well: it cannot be misread in either language.
 */
export function typedDateValue(text: string, locale: Locale): string {
  if (text.trim() === '') return '';
  return inputToIso(text, locale) ?? text;
}

/**
 * What the input shows: what the user is typing while it still stands for the form's value, and
 * otherwise the value in the language's form (after a reset, a change of language, or leaving the
 * input, which rewrites `1.2.1990` as `01.02.1990`). A value that is not a day is shown as it is.
 */
export function shownDateText(typed: string | null, value: unknown, locale: Locale): string {
  if (typed !== null && typedDateValue(typed, locale) === value) return typed;
  if (typeof value !== 'string') return '';
  return isoToInput(value, locale) || value;
}
