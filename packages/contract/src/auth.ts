import { z } from 'zod';
import { PASSWORD_MIN_LENGTH } from './constants.js';
import { LOOSE_EMAIL_PATTERN } from './validators.js';

/**
 * Request and response bodies of the auth service (spec §7). Error messages are message keys
 * of `messages.ts`, translated by whoever shows them.
 */
const requiredString = z.string({ error: 'required' }).trim().min(1, { error: 'required' });
const emailField = requiredString.max(254, { error: 'tooLong' });
const secretField = z
  .string({ error: 'required' })
  .min(1, { error: 'required' })
  .max(1024, { error: 'tooLong' });

export const signinRequestSchema = z.strictObject({
  email: emailField,
  password: secretField,
});
export type SigninRequest = z.infer<typeof signinRequestSchema>;

/** `expires_at` and `refresh_expired_at` are seconds since the epoch. */
export const tokenPairSchema = z.object({
  access_token: z.string(),
  expires_at: z.number().int(),
  refresh_token: z.string(),
  refresh_expired_at: z.number().int(),
});
export type TokenPair = z.infer<typeof tokenPairSchema>;

export const refreshRequestSchema = z.strictObject({ refresh_token: secretField });
export type RefreshRequest = z.infer<typeof refreshRequestSchema>;

export const logoutRequestSchema = refreshRequestSchema;
export type LogoutRequest = RefreshRequest;

export const recoverPasswordRequestSchema = z.strictObject({
  email: emailField.regex(LOOSE_EMAIL_PATTERN, { error: 'emailInvalid' }),
});
export type RecoverPasswordRequest = z.infer<typeof recoverPasswordRequestSchema>;

/** A new password (change, or a person's first one): required, at least PASSWORD_MIN_LENGTH. */
export const newPasswordField = z
  .string({ error: 'required' })
  .min(1, { error: 'required' })
  .min(PASSWORD_MIN_LENGTH, { error: 'passwordMinLength' })
  .max(1024, { error: 'tooLong' });

export const changePasswordRequestSchema = z
  .strictObject({
    code: requiredString.max(256, { error: 'tooLong' }),
    password: newPasswordField,
    password_repeat: secretField,
  })
  .refine((body) => body.password === body.password_repeat, {
    error: 'passwordsMismatch',
    path: ['password_repeat'],
  });
export type ChangePasswordRequest = z.infer<typeof changePasswordRequestSchema>;

export const messageResponseSchema = z.object({ message: z.string() });
export type MessageResponse = z.infer<typeof messageResponseSchema>;

export const profileBasicSchema = z.object({
  photo: z.string().nullable(),
  first_name: z.string(),
  last_name: z.string(),
  email: z.string(),
});
export type ProfileBasic = z.infer<typeof profileBasicSchema>;

export const GENDERS = ['male', 'female', 'other'] as const;
export type Gender = (typeof GENDERS)[number];

export const profileSchema = profileBasicSchema.extend({
  uid: z.string(),
  username: z.string().nullable(),
  phone: z.string().nullable(),
  groups: z.array(z.string()),
  language: z.string(),
  gender: z.enum(GENDERS).nullable(),
  birthday: z.string().nullable(),
  about_me: z.string().nullable(),
  created_at: z.string(),
});
export type Profile = z.infer<typeof profileSchema>;

const optionalText = (max: number) =>
  z.string({ error: 'invalidType' }).trim().max(max, { error: 'tooLong' }).nullable().optional();

export const profileUpdateSchema = z.strictObject({
  first_name: requiredString.max(100, { error: 'tooLong' }),
  last_name: requiredString.max(100, { error: 'tooLong' }),
  username: optionalText(100),
  phone: optionalText(32),
  photo: optionalText(2048),
  about_me: optionalText(2000),
});
export type ProfileUpdate = z.infer<typeof profileUpdateSchema>;

export const settingItemSchema = z.object({ key: z.string(), value: z.unknown() });
export const settingsResponseSchema = z.object({ items: z.array(settingItemSchema) });
export type SettingsResponse = z.infer<typeof settingsResponseSchema>;

/** The `availableLocales` setting: locale code → label. */
export const availableLocalesSchema = z.record(z.string(), z.string());
export const AVAILABLE_LOCALES_KEY = 'availableLocales';
