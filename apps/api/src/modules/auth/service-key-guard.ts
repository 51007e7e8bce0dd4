import type { ApiKeyService } from '@pult/contract';
import type { FastifyRequest } from 'fastify';
import { errors } from '../../http/app-error.js';
import type { ApiKeys } from './settings/api-keys.js';

declare module 'fastify' {
  interface FastifyRequest {
    /** Set by a service-key guard: the platform service whose `X-Api-Key` the request carries. */
    callerService?: ApiKeyService;
  }
}

export const API_KEY_HEADER = 'x-api-key';

/** True when the request presents an API key at all (a route may accept a key or a token). */
export function hasApiKey(request: FastifyRequest): boolean {
  return typeof request.headers[API_KEY_HEADER] === 'string';
}

/**
 * Guards for what the platform's services call: `requireServiceKey('storage')` is an onRequest hook
 * that answers 401 unless `X-Api-Key` is the storage service's current key. A key of another service
 * is refused too, so a leaked chat key cannot read storage.
 */
export function createServiceKeyGuard(apiKeys: ApiKeys) {
  return function requireServiceKey(service: ApiKeyService) {
    return async function serviceKeyGuard(request: FastifyRequest): Promise<void> {
      const header = request.headers[API_KEY_HEADER];
      const caller = typeof header === 'string' ? await apiKeys.serviceOf(header) : undefined;
      if (caller !== service) throw errors.unauthorized('invalidApiKey');
      request.callerService = caller;
    };
  };
}
