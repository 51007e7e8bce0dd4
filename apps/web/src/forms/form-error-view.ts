import { RATE_LIMIT_MESSAGE } from '@pult/contract';
import { fieldErrorsOf, isHttpError, joinFieldErrors, serverMessage } from '../http/http-error';
import type { ViewText } from './view-text';

export interface FormErrorView<F extends string> {
  /** Texts to show under the form's own fields, several joined by commas (spec §5). */
  fields: Partial<Record<F, string>>;
  /** The text above the submit button, if any. */
  general: ViewText | null;
}

/**
 * Maps a failed form submission to what the form shows (spec §8, "Recovery and change", "General"):
 * - 422 with texts per field: under the fields; texts for fields the form does not have go above it;
 * - 422 with the rate-limit text: the translated rate-limit message;
 * - any other answer: the server's text, or the unknown-error text when it sent none;
 * - no answer at all (network) or a local exception: the unknown-error text.
 */
export function formErrorToView<F extends string>(error: unknown, fields: readonly F[]): FormErrorView<F> {
  const perField = fieldErrorsOf(error);
  if (perField) {
    const joined = joinFieldErrors(perField);
    const own: Partial<Record<F, string>> = {};
    const foreign: string[] = [];
    for (const [field, text] of Object.entries(joined)) {
      if ((fields as readonly string[]).includes(field)) own[field as F] = text;
      else foreign.push(text);
    }
    return { fields: own, general: foreign.length > 0 ? { raw: foreign.join(', ') } : null };
  }
  if (!isHttpError(error) || error.status === 0)
    return { fields: {}, general: { key: 'common.unknownError' } };
  const message = serverMessage(error.body);
  if (error.status === 422 && message === RATE_LIMIT_MESSAGE) {
    return { fields: {}, general: { key: 'common.rateLimit' } };
  }
  return { fields: {}, general: message ? { raw: message } : { key: 'common.unknownError' } };
}
