import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db/database.js';
import type { Clock } from '../../lib/clock.js';
import type { Mailer } from '../notification/index.js';
import { createAdminGuard } from './access-guard.js';
import { createAdminRepository } from './admin-repository.js';
import { bootstrapAdmin } from './bootstrap.js';
import { createRateLimiter } from './rate-limiter.js';
import { createRecoveryService } from './recovery-service.js';
import { authRoutes } from './routes.js';
import { createSettingsRepository } from './settings-repository.js';
import { createSigninService } from './signin-service.js';
import { loadSigningKeys } from './signing-keys.js';
import { createTokenService, type TokenLifetimes } from './token-service.js';

export interface AuthModuleDeps {
  db: Db;
  clock: Clock;
  mailer: Mailer;
  lifetimes: TokenLifetimes;
  issuer: string;
  panelUrl: string;
  companyName: string;
  bootstrap: { email: string; password: string } | undefined;
}

/** Builds the auth service; other modules use only `requireAdmin` and `prune`. */
export async function createAuthModule(deps: AuthModuleDeps) {
  const { db, clock } = deps;
  const admins = createAdminRepository(db);
  const settings = createSettingsRepository(db);
  await settings.ensureDefaults();
  await bootstrapAdmin(admins, deps.bootstrap);
  const keys = await loadSigningKeys(db, deps.issuer);
  const tokens = createTokenService({ db, keys, clock, lifetimes: deps.lifetimes });
  const limiter = createRateLimiter(db, clock);
  const signin = createSigninService({ admins, tokens, limiter });
  const recovery = createRecoveryService({
    db,
    admins,
    tokens,
    limiter,
    mailer: deps.mailer,
    clock,
    panelUrl: deps.panelUrl,
    companyName: deps.companyName,
  });
  const requireAdmin = createAdminGuard(tokens);

  return {
    requireAdmin,
    /** Drops rate-limit events no window needs any more. */
    prune: () => limiter.prune(),
    register(app: FastifyInstance, prefix: string) {
      return app.register(authRoutes, {
        prefix,
        admins,
        tokens,
        keys,
        signin,
        recovery,
        settings,
        requireAdmin,
        clock,
      });
    },
  };
}

export type AuthModule = Awaited<ReturnType<typeof createAuthModule>>;
