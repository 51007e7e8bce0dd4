import { RUNTIME_CONFIG_URL, type RuntimeConfig } from '@pult/contract';
import { requestRuntimeConfig } from '../config/request-runtime-config';

/** What the public screens need of /config.json: where the auth service is, and the copyright's name. */
export type PublicConfig = Pick<RuntimeConfig, 'authServiceUrl' | 'companyName'>;

/**
 * Reads the two fields by hand rather than with the contract's zod schema, which would put zod into
 * the sign-in screen's first download; the panel checks the whole file with the schema when it starts.
 */
export async function loadPublicConfig(
  fetchFn: typeof fetch = (input, init) => fetch(input, init),
): Promise<PublicConfig> {
  const response = await requestRuntimeConfig(fetchFn);
  if (!response.ok) throw new Error(`Cannot load ${RUNTIME_CONFIG_URL}: HTTP ${response.status}`);
  const raw: unknown = await response.json();
  const { authServiceUrl, companyName } = (typeof raw === 'object' && raw !== null ? raw : {}) as Record<
    string,
    unknown
  >;
  if (typeof authServiceUrl !== 'string' || authServiceUrl === '')
    throw new Error(`Invalid ${RUNTIME_CONFIG_URL}: authServiceUrl is missing`);
  return {
    authServiceUrl: authServiceUrl.replace(/\/+$/, ''),
    companyName: typeof companyName === 'string' ? companyName : '',
  };
}
