import type { FastifyRequest } from 'fastify';
import type { AdminIdentity } from '../../access/permission-set.js';
import { errors } from '../../http/app-error.js';
import { bearerToken } from '../../http/client-meta.js';
import type { AccessClaims } from './signing-keys.js';
import type { TokenService } from './token-service.js';

declare module 'fastify' {
  interface FastifyRequest {
    /** Set for the routes that need an administrator, when the caller is one. */
    admin?: AccessClaims & { adminId: number };
  }
}

/**
 * Who the administrator behind a request is (for access control): 401 unless the request carries a
 * live administrator's access token.
 */
export function createAdminAuthenticator(tokens: TokenService) {
  return async function authenticateAdmin(request: FastifyRequest): Promise<AdminIdentity> {
    const token = bearerToken(request);
    if (!token) throw errors.unauthorized('unauthorized');
    const found = await tokens.authenticateAdmin(token);
    request.admin = { ...found.claims, adminId: found.adminId };
    return {
      adminId: found.adminId,
      sessionId: found.claims.sid,
      groups: found.groups,
      accessVersion: found.accessVersion,
      secondFactor: found.secondFactor,
      factorConfirmedAt: found.factorConfirmedAt,
    };
  };
}
