import {
  type ChangePasswordRequest,
  changePasswordRequestSchema,
  isMessageKey,
  type Locale,
  type RecoverPasswordRequest,
  recoverPasswordRequestSchema,
  translateMessage,
} from '@pult/contract';
import type { z } from 'zod';
import type { ViewText } from '../../forms/view-text';

export { formErrorToView } from '../../forms/form-error-view';
/*
 * The public screens' second half: the calls, the contract's zod schemas and the error catalogues.
 * It is fetched with the first keystroke (see `load-auth-actions.ts`), not with the screen, so the
 * sign-in form is on screen and usable before any of it has arrived.
 */
export {
  postChangePassword,
  postRecoverPassword,
  postSignin,
  postSigninMfa,
  postSigninPasskeyOptions,
} from './auth-api';
export { signWithPasskey } from './passkey-browser';
export { readMfaChallenge, readSigninTokens, signinErrorToView } from './signin-error';
export { mfaErrorToView } from './signin-mfa';
export { successMessage } from './success-text';

/** A contract message key (the zod schemas' and the code checks' texts) in `locale`. */
export function contractText(key: string, locale: Locale): string {
  return isMessageKey(key) ? translateMessage(key, locale) : key;
}

/**
 * `values` checked with a contract schema, as the panel's forms check them: the first problem of
 * each field, in `locale`. `overrides` replace a message key with a screen's own text.
 */
function fieldProblems<F extends string>(
  schema: z.ZodType,
  values: Record<F, string>,
  locale: Locale,
  overrides: Partial<Record<string, ViewText>> = {},
): Partial<Record<F, ViewText>> {
  const parsed = schema.safeParse(values);
  if (parsed.success) return {};
  const problems: Partial<Record<F, ViewText>> = {};
  for (const issue of parsed.error.issues) {
    const field = String(issue.path[0] ?? '') as F;
    if (problems[field] !== undefined) continue;
    const key = issue.message;
    problems[field] = overrides[key] ?? { raw: contractText(key, locale) };
  }
  return problems;
}

/** The recovery form says "Email is required" where other forms say "This field is required" (spec §5). */
const RECOVERY_OVERRIDES = { required: { key: 'validation.emailRequired' } } as const;

export function recoverProblems(values: RecoverPasswordRequest, locale: Locale) {
  return fieldProblems(recoverPasswordRequestSchema, values, locale, RECOVERY_OVERRIDES);
}

export function changePasswordProblems(values: ChangePasswordRequest, locale: Locale) {
  return fieldProblems(changePasswordRequestSchema, values, locale);
}
