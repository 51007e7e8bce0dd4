import type { FastifyRequest } from 'fastify';
import { errors } from '../../http/app-error.js';
import { bearerToken } from '../../http/client-meta.js';
import type { AccessClaims } from './signing-keys.js';
import type { TokenService } from './token-service.js';

declare module 'fastify' {
  interface FastifyRequest {
    /** Set by `requireAdmin` for the routes it guards. */
    admin?: AccessClaims & { adminId: number };
  }
}

/** A preHandler: 401 unless the request carries an administrator's valid access token. */
export function createAdminGuard(tokens: TokenService) {
  return async function requireAdmin(request: FastifyRequest): Promise<void> {
    const token = bearerToken(request);
    if (!token) throw errors.unauthorized('unauthorized');
    const claims = await tokens.authenticate(token, 'admin');
    request.admin = { ...claims, adminId: Number(claims.sub) };
  };
}

export type AdminGuard = ReturnType<typeof createAdminGuard>;

/** The signed-in admin's id, for handlers behind `requireAdmin`. */
export function currentAdminId(request: FastifyRequest): number {
  if (!request.admin) throw errors.unauthorized('unauthorized');
  return request.admin.adminId;
}
