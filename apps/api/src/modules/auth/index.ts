import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db/database.js';
import type { Clock } from '../../lib/clock.js';
import type { PasswordHasher } from '../../lib/password-hasher.js';
import type { SecretBox } from '../../lib/secret-box.js';
import type { Mailer } from '../../mail/mailer.js';
import type { AuditSink } from '../../resources/audit-sink.js';
import { createAdminAuthenticator } from './access-guard.js';
import { createAdminRepository } from './admin-repository.js';
import { createAuditLog } from './audit/audit-log.js';
import { auditRoutes } from './audit/audit-routes.js';
import { bootstrapAdmin } from './bootstrap.js';
import { createAuthDashboard } from './dashboard/cards.js';
import { groupRoutes } from './groups/group-routes.js';
import { parseGrants } from './groups/group-source.js';
import { createAdminFactorReset } from './mfa/admin-reset.js';
import { createMfa } from './mfa/mfa-module.js';
import { mfaRoutes } from './mfa/mfa-routes.js';
import { relyingPartyOf } from './mfa/webauthn.js';
import { createUserAccounts } from './people/user-accounts.js';
import { createUserDirectory } from './people/user-directory.js';
import { createRateLimiter } from './rate-limiter.js';
import { createRecoveryService } from './recovery-service.js';
import { createAuthReports } from './reports/auth-reports.js';
import { resourceRoutes } from './resource-routes.js';
import { authRoutes } from './routes.js';
import { createServiceKeyGuard } from './service-key-guard.js';
import { sessionRoutes } from './sessions/session-routes.js';
import { createApiKeys } from './settings/api-keys.js';
import { createSettingsRepository } from './settings/settings-repository.js';
import { settingsRoutes } from './settings/settings-routes.js';
import { createSigninService } from './signin-service.js';
import { loadSigningKeys } from './signing-keys.js';
import { createTokenService, type TokenLifetimes } from './token-service.js';
import { createUserGuard } from './user-guard.js';

export type { AuditEvent, AuditSink } from '../../resources/audit-sink.js';
export type { DirectoryUser, UserDirectory } from './people/user-directory.js';
export { isUid } from './people/user-directory.js';
export { API_KEY_HEADER, hasApiKey } from './service-key-guard.js';
export type { PlatformUser } from './user-guard.js';
export { currentUser } from './user-guard.js';

export interface AuthModuleDeps {
  db: Db;
  clock: Clock;
  mailer: Mailer;
  secretBox: SecretBox;
  passwords: PasswordHasher;
  lifetimes: TokenLifetimes;
  /** How long a confirmed second factor opens dangerous actions (STEP_UP_SECONDS). */
  stepUpSeconds: number;
  issuer: string;
  panelUrl: string;
  companyName: string;
  bootstrap: { email: string; password: string } | undefined;
}

/** Builds the auth service; other modules use only its `api` (and the app its `register` and `prune`). */
export async function createAuthModule(deps: AuthModuleDeps) {
  const { db, clock } = deps;
  const admins = createAdminRepository(db);
  const settings = createSettingsRepository(db);
  await settings.ensureDefaults();
  const users = createUserAccounts(db);
  const apiKeys = createApiKeys(db, clock);
  await apiKeys.ensure();
  await bootstrapAdmin(db, admins, deps.bootstrap);
  const keys = await loadSigningKeys(db, deps.issuer, deps.secretBox);
  const tokens = createTokenService({
    db,
    keys,
    clock,
    lifetimes: deps.lifetimes,
    successorKey: deps.secretBox.subkey('refresh-token-successor'),
  });
  const limiter = createRateLimiter(db, clock);
  const mfa = await createMfa({
    db,
    clock,
    secretBox: deps.secretBox,
    passwords: deps.passwords,
    admins,
    limiter,
    relyingParty: relyingPartyOf(deps.panelUrl, deps.companyName),
  });
  const signin = createSigninService({
    accounts: { admin: admins.findByEmail, user: users.findByEmail },
    tokens,
    limiter,
    passwords: deps.passwords,
    adminChallenge: mfa.service.challengeFor,
  });
  const recovery = createRecoveryService({
    db,
    admins,
    tokens,
    limiter,
    passwords: deps.passwords,
    mailer: deps.mailer,
    clock,
    panelUrl: deps.panelUrl,
    companyName: deps.companyName,
  });
  const directory = createUserDirectory(db);
  const audit = createAuditLog(db, clock);
  const userGuard = createUserGuard(tokens, directory);
  const api = {
    /** Access control's way to the administrator behind a request (401 unless there is a live one). */
    authenticateAdmin: createAdminAuthenticator(tokens),
    /** The grants of a set of groups, and whether one requires a second factor, for access control. */
    async loadGrants(groups: readonly string[]) {
      if (groups.length === 0) return { grants: [], mfaRequired: false };
      const rows = await db
        .selectFrom('admin_groups')
        .select(['grants', 'mfa_required'])
        .where('name', 'in', [...groups])
        .execute();
      return {
        grants: rows.flatMap((row) => parseGrants(row.grants)),
        mfaRequired: rows.some((row) => row.mfa_required),
      };
    },
    requireUser: userGuard.requireUser,
    /** For transports without HTTP hooks (a WebSocket's first message, say). */
    authenticateUser: userGuard.authenticateUser,
    /** False once the sign-in has ended (logout, revocation, expiry). */
    isSessionLive: tokens.isSessionLive,
    /** Administrators' display names ("first last", else the e-mail), for who changed what. */
    async adminNames(ids: readonly number[]): Promise<Map<number, string>> {
      if (ids.length === 0) return new Map();
      const rows = await db
        .selectFrom('admins')
        .select(['id', 'first_name', 'last_name', 'email'])
        .where('id', 'in', [...ids])
        .execute();
      return new Map(rows.map((row) => [row.id, `${row.first_name} ${row.last_name}`.trim() || row.email]));
    },
    requireServiceKey: createServiceKeyGuard(apiKeys),
    directory,
    /**
     * The audit log's only way in: `audit.record(request, { action, resource, recordId, changes,
     * detail })`. Who, when and from where come from the request.
     */
    audit: { record: audit.record } satisfies AuditSink,
  };

  return {
    api,
    /** The Users section's dashboard cards. */
    dashboard: createAuthDashboard(db, clock),
    /** The Users and Administrators reports. */
    reports: createAuthReports(db),
    /** Drops what no rule needs any more: old rate-limit events, ended sign-ins, spent codes. */
    async prune() {
      await limiter.prune();
      await tokens.pruneEnded();
      await recovery.pruneSpentCodes();
      await mfa.prune();
    },
    /** Mounts the service; registered before the other services, whose resources write to its audit log. */
    async register(app: FastifyInstance, prefix: string) {
      // Every resource's crud routes (and any module's own actions) find the audit log on the server.
      app.decorate('audit', api.audit);
      await app.register(authRoutes, {
        prefix,
        admins,
        tokens,
        keys,
        signin,
        recovery,
        clock,
        audit,
      });
      await app.register(mfaRoutes, {
        prefix,
        mfa: mfa.service,
        resetFactors: createAdminFactorReset({
          db,
          clock,
          mailer: deps.mailer,
          companyName: deps.companyName,
        }),
        async describeAdmin(adminId) {
          const admin = await admins.findById(adminId);
          return admin ? `${admin.first_name} ${admin.last_name} <${admin.email}>`.trim() : `#${adminId}`;
        },
        tokens,
        audit,
        clock,
        stepUpSeconds: deps.stepUpSeconds,
      });
      await app.register(sessionRoutes, { prefix, db, clock, audit });
      await app.register(auditRoutes, { prefix, audit });
      await app.register(resourceRoutes, {
        prefix,
        db,
        clock,
        tokens,
        passwords: deps.passwords,
        mailer: deps.mailer,
        panelUrl: deps.panelUrl,
        companyName: deps.companyName,
      });
      await app.register(groupRoutes, { prefix, db, clock, tokens });
      await app.register(settingsRoutes, {
        prefix,
        db,
        clock,
        settings,
        apiKeys,
        tokens,
        audit,
      });
    },
  };
}

export type AuthModule = Awaited<ReturnType<typeof createAuthModule>>;
/** What the other modules may use of the auth service. */
export type AuthApi = AuthModule['api'];
