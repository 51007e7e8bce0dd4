import type {
  ChangePasswordRequest,
  RecoverPasswordRequest,
  SigninMfaRequest,
  SigninRequest,
} from '@pult/contract';
import type { Services } from '../../app/services';

/** The public auth-service calls (spec §7). They carry no token, so they never trigger a renewal. */
type Api = Pick<Services, 'http' | 'authUrl'>;

/** Resolves with the raw body: the caller checks it, a 200 without tokens is an error too (spec §8). */
export function postSignin({ http, authUrl }: Api, body: SigninRequest): Promise<unknown> {
  return http.post<unknown>(authUrl('/admin/signin'), body, { auth: false });
}

export function postRecoverPassword({ http, authUrl }: Api, body: RecoverPasswordRequest): Promise<unknown> {
  return http.post<unknown>(authUrl('/admin/recover-password-request'), body, { auth: false });
}

export function postChangePassword({ http, authUrl }: Api, body: ChangePasswordRequest): Promise<unknown> {
  return http.post<unknown>(authUrl('/admin/change-password'), body, { auth: false });
}

/** The sign-in's second step; resolves with the raw body, checked like the first step's. */
export function postSigninMfa({ http, authUrl }: Api, body: SigninMfaRequest): Promise<unknown> {
  return http.post<unknown>(authUrl('/admin/signin/mfa'), body, { auth: false });
}

/** The challenge of the sign-in's step for a passkey: options for the browser's prompt. */
export function postSigninPasskeyOptions({ http, authUrl }: Api, mfaToken: string): Promise<unknown> {
  return http.post<unknown>(
    authUrl('/admin/signin/mfa/passkey-options'),
    { mfa_token: mfaToken },
    { auth: false },
  );
}
