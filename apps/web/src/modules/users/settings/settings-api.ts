import {
  type ApiKeysResponse,
  apiKeysResponseSchema,
  type RegenerateApiKeysResponse,
  type RevokeUserTokensResponse,
  regenerateApiKeysResponseSchema,
  revokeUserTokensResponseSchema,
} from '@pult/contract';
import type { Services } from '../../../app/services';

/** The settings screen's own calls, beside the generic resource calls of `settingsResource`. */
export const apiKeysQueryKey = ['api-keys'] as const;

/** Checked against the contract: a new key shown to the administrator must be the real thing. */
export async function revokeUserTokens(services: Services): Promise<RevokeUserTokensResponse> {
  const body = await services.http.post<unknown>(
    services.serviceUrl('auth', '/admin/settings/revoke-user-tokens'),
  );
  return revokeUserTokensResponseSchema.parse(body);
}

export async function regenerateApiKeys(services: Services): Promise<RegenerateApiKeysResponse> {
  const body = await services.http.post<unknown>(
    services.serviceUrl('auth', '/admin/settings/regenerate-api-keys'),
  );
  return regenerateApiKeysResponseSchema.parse(body);
}

export async function fetchApiKeys(services: Services, signal?: AbortSignal): Promise<ApiKeysResponse> {
  const body = await services.http.get<unknown>(services.serviceUrl('auth', '/admin/api-keys'), { signal });
  return apiKeysResponseSchema.parse(body);
}
