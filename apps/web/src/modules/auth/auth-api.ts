import type {
  ChangePasswordRequest,
  Locale,
  RecoverPasswordRequest,
  SigninMfaRequest,
  SigninRequest,
} from '@pult/contract';
import { postWithoutSession } from '../../http/http-client';

/** Where the public auth-service calls go, and the language their answers come in. */
export interface PublicApi {
  authServiceUrl: string;
  locale: Locale;
}

const post = (api: PublicApi, path: string, body: unknown) =>
  postWithoutSession(`${api.authServiceUrl}${path}`, body, api.locale);

/** Resolves with the raw body: the caller checks it, a 200 without tokens is an error too (spec §8). */
export function postSignin(api: PublicApi, body: SigninRequest): Promise<unknown> {
  return post(api, '/admin/signin', body);
}

export function postRecoverPassword(api: PublicApi, body: RecoverPasswordRequest): Promise<unknown> {
  return post(api, '/admin/recover-password-request', body);
}

export function postChangePassword(api: PublicApi, body: ChangePasswordRequest): Promise<unknown> {
  return post(api, '/admin/change-password', body);
}

/** The sign-in's second step; resolves with the raw body, checked like the first step's. */
export function postSigninMfa(api: PublicApi, body: SigninMfaRequest): Promise<unknown> {
  return post(api, '/admin/signin/mfa', body);
}

/** The challenge of the sign-in's step for a passkey: options for the browser's prompt. */
export function postSigninPasskeyOptions(api: PublicApi, mfaToken: string): Promise<unknown> {
  return post(api, '/admin/signin/mfa/passkey-options', { mfa_token: mfaToken });
}
