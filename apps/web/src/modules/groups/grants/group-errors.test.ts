import { groupWriteSchema } from '@pult/contract';
import { describe, expect, it } from 'vitest';
import { groupErrorsOfIssues, groupErrorsOfServer, hasErrors, NO_ERRORS } from './group-errors';

describe('group errors', () => {
  it("puts a 422's texts under the inputs, beside their grants, and the rest above", () => {
    const errors = groupErrorsOfServer({
      name: ['Taken'],
      'grants.3.fields': ['No such field'],
      'grants.3.where.status.in': ['Bad value'],
      'grants.0': ['Not held'],
      grants: ['Too many'],
    });
    expect(errors.fields).toEqual({ name: { raw: 'Taken' } });
    expect(errors.grants.get(3)).toEqual([
      { path: 'fields', text: { raw: 'No such field' } },
      { path: 'where.status.in', text: { raw: 'Bad value' } },
    ]);
    expect(errors.grants.get(0)).toEqual([{ path: '', text: { raw: 'Not held' } }]);
    expect(errors.general).toEqual([{ raw: 'Too many' }]);
    expect(hasErrors(errors)).toBe(true);
    expect(hasErrors(NO_ERRORS)).toBe(false);
  });

  it("keys the contract's own check the same way, with its message keys", () => {
    const result = groupWriteSchema.safeParse({
      name: 'X',
      grants: [
        { resource: 'auth.users', action: 'list' },
        { resource: 'auth.users', action: 'read', fields: [] },
      ],
    });
    if (result.success) throw new Error('expected a failure');
    const errors = groupErrorsOfIssues(result.error.issues);
    expect(errors.fields.name).toEqual({ key: 'errors.groupNameInvalid' });
    expect(errors.grants.get(1)).toEqual([{ path: 'fields', text: { key: 'errors.required' } }]);
  });
});
