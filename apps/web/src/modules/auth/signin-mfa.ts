import type { MfaMethod } from '@pult/contract';
import type { ViewText } from '../../forms/view-text';
import { fieldErrorsOf, isHttpError, joinFieldErrors, serverMessage } from '../../http/http-error';
import { type SigninErrorView, signinErrorToView } from './signin-error';

/** How the second step is being passed: a code from the authenticator app, or a recovery code. */
export type MfaStepMethod = Extract<MfaMethod, 'totp' | 'recovery'>;

/** The form field of each way; also the body's key and the 422's field. */
export const MFA_FIELD = { totp: 'code', recovery: 'recovery_code' } as const;
export type MfaField = (typeof MFA_FIELD)[MfaStepMethod];

/** The second step's body: the code without the spaces an app shows or a paste brings. */
export function mfaStepBody(
  token: string,
  method: MfaStepMethod,
  value: string,
): { mfa_token: string; code: string } | { mfa_token: string; recovery_code: string } {
  const typed = value.replace(/\s+/g, '');
  return method === 'totp' ? { mfa_token: token, code: typed } : { mfa_token: token, recovery_code: typed };
}

/** Client-side check of the typed code (contract message keys, translated under `errors.*`). */
export function validateMfaValue(method: MfaStepMethod, value: string): true | string {
  const typed = value.replace(/\s+/g, '');
  if (typed === '') return 'required';
  if (method === 'totp') return /^\d{6}$/.test(typed) || 'mfaCodeFormat';
  return /^[A-Za-z2-7]{5}-?[A-Za-z2-7]{5}$/.test(typed) || 'mfaRecoveryCodeFormat';
}

/** Where a failed second step shows up. */
export type MfaErrorView =
  /** Under the code (or recovery-code) field: a wrong or already used code. */
  | { kind: 'field'; text: string }
  /** Above the button: too many wrong codes (429) or another text the server gave. */
  | { kind: 'general'; text: ViewText }
  /** The sign-in step is gone (expired, used): back to the password with this text. */
  | { kind: 'expired'; text: ViewText }
  /** The sign-in's error dialog, as for the first step (spec §8). */
  | { kind: 'dialog'; text: ViewText };

/** The second step's error catalogue; anything it does not name falls to the first step's (spec §8). */
export function mfaErrorToView(error: unknown, method: MfaStepMethod): MfaErrorView {
  const perField = fieldErrorsOf(error);
  if (perField) {
    const joined = joinFieldErrors(perField);
    if (joined.mfa_token !== undefined) return { kind: 'expired', text: { key: 'login.mfa.expired' } };
    const own = joined[MFA_FIELD[method]];
    if (own !== undefined) return { kind: 'field', text: own };
    return { kind: 'general', text: { raw: Object.values(joined).join(', ') } };
  }
  if (isHttpError(error) && error.status === 429) {
    const message = serverMessage(error.body);
    return { kind: 'general', text: message ? { raw: message } : { key: 'common.rateLimit' } };
  }
  return fromSigninView(signinErrorToView(error));
}

function fromSigninView(view: SigninErrorView): MfaErrorView {
  if (view.kind === 'fields')
    return { kind: 'general', text: view.general ?? { key: 'common.unknownError' } };
  return view;
}
