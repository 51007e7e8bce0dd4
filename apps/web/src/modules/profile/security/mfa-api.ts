import type {
  MfaProof,
  MfaStatus,
  PasskeyRegistered,
  RecoveryCodesResponse,
  TotpRemoveRequest,
  TotpSetupResponse,
  WebauthnResponse,
} from '@pult/contract';
import type { Services } from '../../../app/services';

type Api = Pick<Services, 'http' | 'authUrl'>;

export const mfaKeys = { status: ['profile', 'mfa'] as const };

/** GET /admin/mfa: is the authenticator on, how many recovery codes are left. */
export function getMfaStatus({ http, authUrl }: Api, signal?: AbortSignal): Promise<MfaStatus> {
  return http.get<MfaStatus>(authUrl('/admin/mfa'), { signal });
}

export function postTotpSetup({ http, authUrl }: Api, password: string): Promise<TotpSetupResponse> {
  return http.post<TotpSetupResponse>(authUrl('/admin/mfa/totp/setup'), { password });
}

export function postTotpConfirm({ http, authUrl }: Api, code: string): Promise<RecoveryCodesResponse> {
  return http.post<RecoveryCodesResponse>(authUrl('/admin/mfa/totp/confirm'), { code });
}

export function deleteTotp({ http, authUrl }: Api, proof: TotpRemoveRequest): Promise<MfaStatus> {
  return http.delete<MfaStatus>(authUrl('/admin/mfa/totp'), { body: proof });
}

export function postRecoveryCodes({ http, authUrl }: Api, proof: MfaProof): Promise<RecoveryCodesResponse> {
  return http.post<RecoveryCodesResponse>(authUrl('/admin/mfa/recovery-codes'), proof);
}

/** POST /admin/mfa/passkeys/options: the browser's registration options, after the password. */
export function postPasskeyOptions({ http, authUrl }: Api, password: string): Promise<unknown> {
  return http.post<unknown>(authUrl('/admin/mfa/passkeys/options'), { password });
}

export function postPasskey(
  { http, authUrl }: Api,
  name: string,
  response: WebauthnResponse,
): Promise<PasskeyRegistered> {
  return http.post<PasskeyRegistered>(authUrl('/admin/mfa/passkeys'), { name, response });
}

export function patchPasskey({ http, authUrl }: Api, id: number, name: string): Promise<MfaStatus> {
  return http.patch<MfaStatus>(authUrl(`/admin/mfa/passkeys/${id}`), { name });
}

/** Removing a passkey needs a fresh factor: the step-up dialog asks when it is stale. */
export function deletePasskey({ http, authUrl }: Api, id: number): Promise<MfaStatus> {
  return http.delete<MfaStatus>(authUrl(`/admin/mfa/passkeys/${id}`));
}
