import type { Profile } from '@pult/contract';
import { describe, expect, it } from 'vitest';
import { toProfileFormValues, toProfileUpdate } from './profile-form-values';

const profile: Profile = {
  uid: 'u1',
  email: 'ann@example.com',
  first_name: 'Ann',
  last_name: 'Lee',
  photo: null,
  username: 'ann',
  phone: null,
  groups: ['admins'],
  language: 'en-US',
  gender: null,
  birthday: null,
  about_me: null,
  created_at: '2025-01-01T00:00:00.000Z',
};

describe('profile form values', () => {
  it('turn missing optional values into empty inputs', () => {
    expect(toProfileFormValues(profile)).toEqual({
      first_name: 'Ann',
      last_name: 'Lee',
      username: 'ann',
      phone: '',
      photo: '',
      about_me: '',
    });
  });

  it('send emptied optional fields as null', () => {
    expect(
      toProfileUpdate({
        first_name: 'Ann',
        last_name: 'Lee',
        username: '',
        phone: '+380',
        photo: '',
        about_me: 'Hi',
      }),
    ).toEqual({
      first_name: 'Ann',
      last_name: 'Lee',
      username: null,
      phone: '+380',
      photo: null,
      about_me: 'Hi',
    });
  });
});
