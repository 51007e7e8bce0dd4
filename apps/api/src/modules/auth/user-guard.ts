import type { FastifyRequest } from 'fastify';
import { errors } from '../../http/app-error.js';
import { bearerToken } from '../../http/client-meta.js';
import type { DirectoryUser, UserDirectory } from './people/user-directory.js';
import type { TokenService } from './token-service.js';

/** A signed-in platform user, as the services see them. */
export interface PlatformUser extends DirectoryUser {
  /** The sign-in (token family) the access token belongs to: a socket lives only as long as it. */
  sessionId: string;
  /** When the access token expires (seconds since the epoch). */
  tokenExpiresAt: number;
}

declare module 'fastify' {
  interface FastifyRequest {
    /** Set by `requireUser` for the routes it guards. */
    platformUser?: PlatformUser;
  }
}

/** Platform users' access tokens: the guard for HTTP routes and the check for other transports. */
export function createUserGuard(tokens: TokenService, directory: UserDirectory) {
  /** 401 unless the token is a live platform user's valid access token. */
  async function authenticateUser(accessToken: string): Promise<PlatformUser> {
    const claims = await tokens.authenticate(accessToken, 'user');
    const user = await directory.byId(Number(claims.sub));
    if (!user) throw errors.unauthorized('invalidToken');
    return { ...user, sessionId: claims.sid, tokenExpiresAt: claims.exp ?? 0 };
  }

  /** An onRequest hook: 401 unless the request carries a platform user's valid access token. */
  async function requireUser(request: FastifyRequest): Promise<void> {
    const token = bearerToken(request);
    if (!token) throw errors.unauthorized('unauthorized');
    request.platformUser = await authenticateUser(token);
  }

  return { authenticateUser, requireUser };
}

/** The signed-in platform user, for handlers behind `requireUser`. */
export function currentUser(request: FastifyRequest): PlatformUser {
  if (!request.platformUser) throw errors.unauthorized('unauthorized');
  return request.platformUser;
}
