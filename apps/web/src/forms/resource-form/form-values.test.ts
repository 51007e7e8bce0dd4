import { userForm } from '@pult/contract';
import { describe, expect, it } from 'vitest';
import { dependentFields, fieldErrorOf, integerInputValue, toFormValues, visibleFields } from './form-values';

describe('resource form values', () => {
  it('shows the passwords only when creating', () => {
    const names = (mode: 'create' | 'edit') => visibleFields(userForm, mode).map((field) => field.name);
    expect(names('create')).toContain('password_repeat');
    expect(names('edit')).not.toContain('password');
  });

  it('turns missing values into empty inputs and keeps the day of a timestamp', () => {
    const fields = [
      { name: 'phone', label: 'x', input: { kind: 'text' } },
      { name: 'groups', label: 'x', input: { kind: 'tags' } },
      { name: 'birthday', label: 'x', input: { kind: 'date' } },
      { name: 'status', label: 'x', input: { kind: 'integer' } },
    ] as const;
    expect(
      toFormValues(fields, { phone: null, birthday: '1990-04-01T00:00:00Z', extra: 1 }, { status: 1 }),
    ).toEqual({ phone: '', groups: [], birthday: '1990-04-01', status: 1 });
  });

  it('makes an integer of whole numbers only', () => {
    expect(integerInputValue(' 12 ')).toBe(12);
    expect(integerInputValue('-3')).toBe(-3);
    expect(integerInputValue('1.5')).toBe('1.5');
  });

  it("takes a list field's first item error as the field's", () => {
    const errors = { groups: [undefined, { type: 'custom', message: 'invalidValue' }] };
    expect(fieldErrorOf(errors as never, 'groups')?.message).toBe('invalidValue');
    expect(fieldErrorOf({ email: { type: 'custom', message: 'required' } }, 'email')?.message).toBe(
      'required',
    );
    expect(fieldErrorOf({}, 'email')).toBeUndefined();
  });

  it('knows which fields follow another', () => {
    expect(dependentFields(userForm.fields).get('country_id')).toEqual(['city_id']);
  });
});
