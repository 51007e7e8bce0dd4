import type { FormFieldDescriptor, Profile, ProfileUpdate } from '@pult/contract';

/** The editable fields as the form holds them: text inputs always have a string. */
export type ProfileFormValues = {
  first_name: string;
  last_name: string;
  username: string;
  phone: string;
  photo: string;
  about_me: string;
};

export const PROFILE_FORM_FIELDS = [
  'first_name',
  'last_name',
  'username',
  'phone',
  'photo',
  'about_me',
] as const;

/** The form's fields as the conflict dialog compares and names them (a save refused with 412). */
export const PROFILE_CONFLICT_FIELDS: readonly FormFieldDescriptor[] = [
  { name: 'first_name', label: 'profile.firstName', input: { kind: 'text' } },
  { name: 'last_name', label: 'profile.lastName', input: { kind: 'text' } },
  { name: 'username', label: 'profile.username', input: { kind: 'text' } },
  { name: 'phone', label: 'profile.phone', input: { kind: 'text' } },
  { name: 'photo', label: 'profile.photo', input: { kind: 'text' } },
  { name: 'about_me', label: 'profile.aboutMe', input: { kind: 'textarea' } },
];

export function toProfileFormValues(profile: Profile): ProfileFormValues {
  return {
    first_name: profile.first_name,
    last_name: profile.last_name,
    username: profile.username ?? '',
    phone: profile.phone ?? '',
    photo: profile.photo ?? '',
    about_me: profile.about_me ?? '',
  };
}

/** An emptied optional field is sent as null ("no value"), not as an empty string. */
export function toProfileUpdate(values: ProfileUpdate): ProfileUpdate {
  const orNull = (value: string | null | undefined) => (value === undefined || value === '' ? null : value);
  return {
    first_name: values.first_name,
    last_name: values.last_name,
    username: orNull(values.username),
    phone: orNull(values.phone),
    photo: orNull(values.photo),
    about_me: orNull(values.about_me),
  };
}
