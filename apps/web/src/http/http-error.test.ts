import { describe, expect, it } from 'vitest';
import {
  fieldErrorsOf,
  HttpError,
  isFieldErrorBody,
  isHttpError,
  joinFieldErrors,
  listFieldError,
  serverMessage,
} from './http-error';

describe('HttpError', () => {
  it('takes its message from the body, else from the status', () => {
    expect(new HttpError(404, { message: 'Record not found' }).message).toBe('Record not found');
    expect(new HttpError(403, { error: 'Access denied' }).message).toBe('Access denied');
    expect(new HttpError(500, null).message).toBe('HTTP 500');
    expect(new HttpError(0, null).message).toMatch(/no response/);
    expect(new HttpError(422, { message: { email: ['bad'] } }).message).toBe('HTTP 422');
    const error = new HttpError(500, null);
    expect(error.name).toBe('HttpError');
    expect(isHttpError(error)).toBe(true);
    expect(isHttpError(new Error('x'))).toBe(false);
  });
});

describe('serverMessage', () => {
  it('prefers a string message, then error', () => {
    expect(serverMessage({ message: 'm', error: 'e' })).toBe('m');
    expect(serverMessage({ message: { f: ['x'] }, error: 'e' })).toBe('e');
    expect(serverMessage({ message: '' })).toBeNull();
    expect(serverMessage('text')).toBeNull();
    expect(serverMessage(null)).toBeNull();
  });
});

describe('field errors', () => {
  const body = { message: { email: ['Required', 'Invalid'], password: ['Too short'] } };

  it('recognises a 422 body keyed by field', () => {
    expect(isFieldErrorBody(body)).toBe(true);
    expect(isFieldErrorBody({ message: 'Перевищено ліміт запитів, спробуйте пізніше' })).toBe(false);
    expect(isFieldErrorBody({ message: { email: 'not a list' } })).toBe(false);
    expect(isFieldErrorBody({ message: null })).toBe(false);
    expect(isFieldErrorBody(null)).toBe(false);
  });

  it('extracts them from a 422 HttpError only', () => {
    expect(fieldErrorsOf(new HttpError(422, body))).toEqual(body.message);
    expect(fieldErrorsOf(new HttpError(400, body))).toBeNull();
    expect(fieldErrorsOf(new HttpError(422, { message: 'general' }))).toBeNull();
    expect(fieldErrorsOf(new Error('x'))).toBeNull();
  });

  it('joins the texts of a field with commas', () => {
    expect(joinFieldErrors(body.message)).toEqual({ email: 'Required, Invalid', password: 'Too short' });
  });

  it('names each item of a list field by its chip, and keeps the field’s own text as it is', () => {
    const errors = { recipients: 'Chosen twice', 'recipients.1': 'No such administrator', name: 'Required' };
    expect(listFieldError(errors, 'recipients', (index) => ['Olena', 'Taras'][index] ?? '')).toBe(
      'Chosen twice; Taras: No such administrator',
    );
    expect(listFieldError(errors, 'recipient', () => '')).toBe('');
  });
});
