import { type MfaResetResult, toLocale } from '@pult/contract';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../../db/database.js';
import { AppError } from '../../../http/app-error.js';
import type { Clock } from '../../../lib/clock.js';
import { type Mailer, MFA_RESET_TEMPLATE } from '../../../mail/mailer.js';
import { removeFactorsAndSessions } from './operator-reset.js';

export interface AdminResetDeps {
  db: Db;
  clock: Clock;
  mailer: Mailer;
  companyName: string;
}

/**
 * One administrator resets another's second factor (the panel's way for a lost phone, with a grant
 * and a fresh factor of their own): the factors go and the target is signed out everywhere in one
 * transaction, then the target is told by e-mail. Undefined when there is no such administrator.
 */
export function createAdminFactorReset(deps: AdminResetDeps) {
  return async function resetFactors(
    targetId: number,
    by: string,
    log: FastifyBaseLogger,
  ): Promise<MfaResetResult | undefined> {
    const now = deps.clock();
    const outcome = await deps.db.transaction().execute(async (trx) => {
      const target = await trx
        .selectFrom('admins')
        .select(['id', 'email', 'language'])
        .where('id', '=', targetId)
        .forUpdate()
        .executeTakeFirst();
      if (!target) return undefined;
      const removed = await removeFactorsAndSessions(
        trx,
        targetId,
        'second factor reset by an administrator',
        now,
      );
      return { target, removed };
    });
    if (!outcome) return undefined;
    const { target, removed } = outcome;
    const email = {
      template: MFA_RESET_TEMPLATE,
      to: target.email,
      language: toLocale(target.language),
      variables: { company: deps.companyName, by },
      priority: 'main' as const,
    };
    // Sent after the reset commits: a template an administrator broke must not keep the reset back.
    try {
      await deps.mailer.send(deps.db, email);
      deps.mailer.wake();
    } catch (error) {
      if (!(error instanceof AppError && error.statusCode === 422))
        log.error({ err: error }, 'mfa-reset e-mail');
      else deps.mailer.reportUnsendable(email, error);
    }
    return {
      removed_totp: removed.removedTotp,
      removed_recovery_codes: removed.removedRecoveryCodes,
      ended_sessions: removed.endedSessions,
    };
  };
}

export type AdminFactorReset = ReturnType<typeof createAdminFactorReset>;
