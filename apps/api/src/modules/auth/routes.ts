import {
  adminSigninResponseSchema,
  changePasswordRequestSchema,
  logoutRequestSchema,
  messageResponseSchema,
  profileBasicSchema,
  profileSchema,
  profileUpdateSchema,
  recordConflictSchema,
  recordEtag,
  recoverPasswordRequestSchema,
  refreshRequestSchema,
  signinRequestSchema,
  tokenPairSchema,
  translateMessage,
} from '@pult/contract';
import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { currentAdminId } from '../../access/request-access.js';
import { access } from '../../access/route-access.js';
import { AppError, errors } from '../../http/app-error.js';
import { clientMeta } from '../../http/client-meta.js';
import { requestLocale } from '../../http/locale.js';
import { noStore } from '../../http/no-store.js';
import type { Clock } from '../../lib/clock.js';
import { diffRecords } from '../../resources/audit-sink.js';
import { recordConflict } from '../../resources/crud-routes.js';
import { readWithVersion, VersionConflict, versionCheckOf } from '../../resources/record-version.js';
import { type AdminRepository, toProfile, toProfileBasic } from './admin-repository.js';
import type { AuditLog } from './audit/audit-log.js';
import type { createRecoveryService } from './recovery-service.js';
import type { createSigninService } from './signin-service.js';
import type { SigningKeys } from './signing-keys.js';
import type { TokenService } from './token-service.js';

export interface AuthRouteDeps {
  admins: AdminRepository;
  tokens: TokenService;
  keys: SigningKeys;
  signin: ReturnType<typeof createSigninService>;
  recovery: ReturnType<typeof createRecoveryService>;
  clock: Clock;
  audit: AuditLog;
}

/** The auth service's HTTP surface (spec §7), mounted under `/auth`. */
export const authRoutes: FastifyPluginAsyncZod<AuthRouteDeps> = async (app, deps) => {
  app.get('/.well-known/jwks.json', { config: { access: access.public } }, async (_request, reply) => {
    reply.header('cache-control', 'public, max-age=300');
    return deps.keys.jwks();
  });

  app.post(
    '/admin/signin',
    {
      config: { access: access.public },
      onRequest: noStore,
      schema: { body: signinRequestSchema, response: { 200: adminSigninResponseSchema } },
    },
    async (request) => {
      const { email } = request.body;
      try {
        const outcome = await deps.signin.signIn('admin', request.body, clientMeta(request));
        // With a second factor the sign-in is recorded when it completes (POST /admin/signin/mfa).
        if ('challenge' in outcome) return outcome.challenge;
        await deps.audit.record(request, {
          action: 'signin',
          resource: null,
          actor: { adminId: outcome.accountId },
        });
        return outcome.pair;
      } catch (error) {
        // Wrong credentials only: a throttled attempt (429) is refused before any check, and recording
        // each of those would let a flood grow the log without bound.
        if (error instanceof AppError && error.statusCode === 422) {
          await deps.audit.record(request, {
            action: 'signin_failed',
            resource: null,
            actor: { adminId: null, email: email.toLowerCase().slice(0, 320) },
          });
        }
        throw error;
      }
    },
  );

  app.post(
    '/user/signin',
    {
      config: { access: access.public },
      onRequest: noStore,
      schema: { body: signinRequestSchema, response: { 200: tokenPairSchema } },
    },
    async (request) => {
      const outcome = await deps.signin.signIn('user', request.body, clientMeta(request));
      // Platform users have no second factor; a challenge here would be a wiring mistake.
      if (!('pair' in outcome)) throw errors.unauthorized('invalidCredentials');
      return outcome.pair;
    },
  );

  app.post(
    '/user/refresh-token',
    {
      config: { access: access.public },
      onRequest: noStore,
      schema: { body: refreshRequestSchema, response: { 200: tokenPairSchema } },
    },
    async (request) => deps.tokens.rotate(request.body.refresh_token, 'user'),
  );

  app.post(
    '/user/logout',
    {
      config: { access: access.public },
      schema: { body: logoutRequestSchema, response: { 200: messageResponseSchema } },
    },
    async (request) => {
      await deps.tokens.revokeByRefreshToken(request.body.refresh_token, 'user');
      return { message: translateMessage('loggedOut', requestLocale(request)) };
    },
  );

  app.post(
    '/admin/refresh-token',
    {
      config: { access: access.public },
      onRequest: noStore,
      schema: { body: refreshRequestSchema, response: { 200: tokenPairSchema } },
    },
    async (request) => deps.tokens.rotate(request.body.refresh_token, 'admin'),
  );

  app.post(
    '/admin/logout',
    {
      config: { access: access.public },
      schema: { body: logoutRequestSchema, response: { 200: messageResponseSchema } },
    },
    async (request) => {
      const adminId = await deps.tokens.revokeByRefreshToken(request.body.refresh_token, 'admin');
      if (adminId !== undefined)
        await deps.audit.record(request, { action: 'signout', resource: null, actor: { adminId } });
      return { message: translateMessage('loggedOut', requestLocale(request)) };
    },
  );

  app.post(
    '/admin/recover-password-request',
    {
      config: { access: access.public },
      schema: { body: recoverPasswordRequestSchema, response: { 200: messageResponseSchema } },
    },
    async (request) => {
      const locale = requestLocale(request);
      await deps.recovery.request(request.body.email, request.ip ?? null, locale);
      return { message: translateMessage('recoverySent', locale) };
    },
  );

  app.post(
    '/admin/change-password',
    {
      config: { access: access.public },
      schema: { body: changePasswordRequestSchema, response: { 200: messageResponseSchema } },
    },
    async (request) => {
      const adminId = await deps.recovery.changePassword(request.body);
      await deps.audit.record(request, {
        action: 'password_change',
        resource: 'admins',
        recordId: adminId,
        actor: { adminId },
        changes: [{ field: 'password', before: null, after: null, secret: true }],
      });
      return { message: translateMessage('passwordChanged', requestLocale(request)) };
    },
  );

  app.get(
    '/admin/profile-basic',
    { config: { access: access.enrolment }, schema: { response: { 200: profileBasicSchema } } },
    async (request) => toProfileBasic(await loadAdmin(deps.admins, currentAdminId(request))),
  );

  /**
   * The signed-in administrator's own row with its version (docs/architecture.md, "Record versions"):
   * the profile form sends it back in `If-Match`, so a save cannot undo a change made meanwhile (by
   * another tab, or another administrator through the administrators' form).
   */
  const versionedAdmin = async (adminId: number, reply: FastifyReply) => {
    const { item, version } = await readWithVersion(deps.admins.versions, adminId, () =>
      deps.admins.findById(adminId),
    );
    if (!item) throw errors.unauthorized('invalidToken');
    if (version !== undefined) reply.header('etag', recordEtag(version));
    return item;
  };

  app.get(
    '/admin/profile',
    { config: { access: access.signedIn }, schema: { response: { 200: profileSchema } } },
    async (request, reply) => toProfile(await versionedAdmin(currentAdminId(request), reply)),
  );

  app.put(
    '/admin/profile',
    {
      config: { access: access.signedIn },
      schema: {
        body: profileUpdateSchema,
        response: { 200: profileSchema, 412: recordConflictSchema(profileSchema) },
      },
    },
    async (request, reply) => {
      const adminId = currentAdminId(request);
      const before = toProfile(await loadAdmin(deps.admins, adminId));
      const version = versionCheckOf(request.headers['if-match']);
      let updated: Awaited<ReturnType<AdminRepository['updateProfile']>>;
      try {
        updated = await deps.admins.updateProfile(adminId, request.body, deps.clock(), version);
      } catch (error) {
        if (!(error instanceof VersionConflict)) throw error;
        // 412 with the profile as it is now, its version in `ETag`: nothing was written.
        const current = toProfile(await versionedAdmin(adminId, reply));
        reply.status(412);
        return recordConflict(request, current);
      }
      if (!updated) throw errors.notFound();
      const after = toProfile(updated);
      await deps.audit.record(request, {
        action: 'update',
        resource: 'admins',
        recordId: adminId,
        changes: diffRecords(before, after, request.body),
        detail: { name: 'profile' },
      });
      if (version.written !== undefined) reply.header('etag', recordEtag(version.written));
      return after;
    },
  );
};

async function loadAdmin(admins: AdminRepository, id: number) {
  const admin = await admins.findById(id);
  if (!admin) throw errors.unauthorized('invalidToken');
  return admin;
}
