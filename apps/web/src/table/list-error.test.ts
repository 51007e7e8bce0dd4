import { describe, expect, it } from 'vitest';
import { HttpError } from '../http/http-error';
import { listErrorView } from './list-error';

describe('listErrorView', () => {
  it('maps filter parameters to their fields and keeps the rest general', () => {
    const error = new HttpError(422, {
      message: { 'filter[email]': ['Too long', 'Bad'], sort: ['This column cannot be sorted'] },
    });
    expect(listErrorView(error)).toEqual({
      filters: { email: 'Too long, Bad' },
      general: 'This column cannot be sorted',
    });
  });

  it('takes a general 422 text', () => {
    expect(listErrorView(new HttpError(422, { message: 'The query took too long' }))).toEqual({
      filters: {},
      general: 'The query took too long',
    });
  });

  it('says nothing about other failures', () => {
    expect(listErrorView(new HttpError(500, { message: 'boom' }))).toEqual({ filters: {}, general: null });
    expect(listErrorView(new Error('x'))).toEqual({ filters: {}, general: null });
    expect(listErrorView(null)).toEqual({ filters: {}, general: null });
  });
});
