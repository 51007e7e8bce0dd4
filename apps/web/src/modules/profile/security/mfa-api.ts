import type {
  MfaProof,
  MfaStatus,
  RecoveryCodesResponse,
  TotpRemoveRequest,
  TotpSetupResponse,
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
