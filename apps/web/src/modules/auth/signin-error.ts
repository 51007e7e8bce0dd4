import {
  isInvalidCredentialsMessage,
  type MfaChallenge,
  type MfaMethod,
  type TokenPair,
  tokenPairSchema,
} from '@pult/contract';
import type { ViewText } from '../../forms/view-text';
import { fieldErrorsOf, isHttpError, joinFieldErrors, serverMessage } from '../../http/http-error';

export type SigninField = 'email' | 'password';

/** Where a failed sign-in shows up on the screen. */
export type SigninErrorView =
  /** The error dialog titled login.error. */
  | { kind: 'dialog'; text: ViewText }
  /** The general error above the submit button. */
  | { kind: 'general'; text: ViewText }
  /** Texts under the fields; `general` holds texts for any other field the server named. */
  | { kind: 'fields'; fields: Partial<Record<SigninField, string>>; general: ViewText | null };

const SIGNIN_FIELDS: readonly string[] = ['email', 'password'];

/** The token pair of a successful sign-in, or null for a 200 that carries no usable tokens (spec §8). */
export function readSigninTokens(body: unknown): TokenPair | null {
  const parsed = tokenPairSchema.safeParse(body);
  return parsed.success && parsed.data.access_token !== '' ? parsed.data : null;
}

/** The first step's answer when the admin has a second factor, or null for any other body. */
export function readMfaChallenge(body: unknown): MfaChallenge | null {
  // Checked by hand rather than with the contract's zod schema: importing that module would put every
  // MFA schema into the sign-in screen's download (zod schemas are not tree-shaken).
  if (typeof body !== 'object' || body === null) return null;
  const { mfa_required, mfa_token, methods } = body as Record<string, unknown>;
  if (mfa_required !== true || typeof mfa_token !== 'string' || mfa_token === '') return null;
  if (!Array.isArray(methods)) return null;
  // Methods this panel does not know (a newer server's) are left out rather than refusing the step.
  const offered = methods.filter(
    (method): method is MfaMethod => method === 'totp' || method === 'webauthn' || method === 'recovery',
  );
  return { mfa_required, mfa_token, methods: offered };
}

/** The sign-in error catalogue of spec §8. */
export function signinErrorToView(error: unknown): SigninErrorView {
  // No response at all: a network failure or a local exception.
  if (!isHttpError(error) || error.status === 0) {
    return { kind: 'dialog', text: { key: 'common.unknownError' } };
  }
  // A 2xx the client could not read (not JSON) is the same case as a 200 without tokens.
  if (error.status >= 200 && error.status < 300) {
    return { kind: 'dialog', text: { key: 'login.invalidResponse' } };
  }
  const perField = fieldErrorsOf(error);
  if (perField) return fieldsView(joinFieldErrors(perField));
  const message = serverMessage(error.body);
  if (error.status === 422 && message !== null) {
    return {
      kind: 'general',
      text: isInvalidCredentialsMessage(message) ? { key: 'login.invalidCredentials' } : { raw: message },
    };
  }
  return {
    kind: 'dialog',
    text:
      message !== null ? { key: 'login.serverError', params: { message } } : { key: 'common.unknownError' },
  };
}

function fieldsView(joined: Record<string, string>): SigninErrorView {
  const fields: Partial<Record<SigninField, string>> = {};
  const others: string[] = [];
  for (const [field, text] of Object.entries(joined)) {
    if (SIGNIN_FIELDS.includes(field)) fields[field as SigninField] = text;
    else others.push(text);
  }
  return { kind: 'fields', fields, general: others.length > 0 ? { raw: others.join(', ') } : null };
}
