import { RATE_LIMIT_MESSAGE } from '@pult/contract';
import { describe, expect, it } from 'vitest';
import { HttpError } from '../http/http-error';
import { formErrorToView } from './form-error-view';

const FIELDS = ['code', 'password', 'password_repeat'] as const;

describe('formErrorToView', () => {
  it('puts 422 field texts under their fields, joined by commas', () => {
    const error = new HttpError(422, {
      message: { password: ['Too short', 'Too simple'], code: ['Expired'] },
    });
    expect(formErrorToView(error, FIELDS)).toEqual({
      fields: { password: 'Too short, Too simple', code: 'Expired' },
      general: null,
    });
  });

  it('shows texts for fields the form lacks above the form', () => {
    const error = new HttpError(422, { message: { email: ['Unknown field'] } });
    expect(formErrorToView(error, FIELDS)).toEqual({ fields: {}, general: { raw: 'Unknown field' } });
  });

  it('translates the rate-limit text', () => {
    const error = new HttpError(422, { message: RATE_LIMIT_MESSAGE });
    expect(formErrorToView(error, ['email']).general).toEqual({ key: 'common.rateLimit' });
  });

  it('shows another 422 text as it came', () => {
    const error = new HttpError(422, { message: 'Something specific' });
    expect(formErrorToView(error, ['email']).general).toEqual({ raw: 'Something specific' });
  });

  it('shows the server text of other statuses, else the unknown error', () => {
    expect(formErrorToView(new HttpError(500, { message: 'Boom' }), ['email']).general).toEqual({
      raw: 'Boom',
    });
    expect(formErrorToView(new HttpError(502, null), ['email']).general).toEqual({
      key: 'common.unknownError',
    });
  });

  it('uses the unknown error without a response', () => {
    expect(formErrorToView(new HttpError(0, null), ['email']).general).toEqual({
      key: 'common.unknownError',
    });
    expect(formErrorToView(new TypeError('x'), ['email']).general).toEqual({ key: 'common.unknownError' });
  });
});
