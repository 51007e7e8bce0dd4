import type { Db, Executor } from '../../../db/database.js';

export interface OperatorResetResult {
  adminId: number;
  email: string;
  removedTotp: boolean;
  removedRecoveryCodes: number;
  endedSessions: number;
}

/**
 * What an operator does for an administrator who lost every factor (`npm run mfa:reset`): removes
 * the authenticator, the recovery codes and any open sign-in step, ends every session of the admin
 * (whoever holds one may be the reason the factor is "lost"), and writes it to the audit log, all in
 * one transaction. The admin then signs in with the password and enrols again.
 */
export async function resetAdminFactors(
  db: Db,
  email: string,
  operator: string,
  now: Date,
): Promise<OperatorResetResult | undefined> {
  return db.transaction().execute(async (trx) => {
    const admin = await trx
      .selectFrom('admins')
      .select(['id', 'email'])
      .where((eb) => eb(eb.fn('lower', ['email']), '=', email.trim().toLowerCase()))
      .forUpdate()
      .executeTakeFirst();
    if (!admin) return undefined;
    const adminId = Number(admin.id);
    const removed = await removeFactorsAndSessions(trx, adminId, 'second factor reset by an operator', now);
    const result: OperatorResetResult = { adminId, email: admin.email, ...removed };
    // No administrator acted: the log names the command and the operator's login instead.
    await trx
      .insertInto('audit_log')
      .values({
        created_at: now,
        admin_id: null,
        admin_email: null,
        action: 'action',
        resource: 'admins',
        record_id: String(adminId),
        ip: null,
        user_agent: 'npm run mfa:reset',
        changes: JSON.stringify([]),
        detail: JSON.stringify({
          name: 'mfa-reset',
          operator,
          removed_totp: result.removedTotp,
          removed_recovery_codes: result.removedRecoveryCodes,
          ended_sessions: result.endedSessions,
        }),
      })
      .execute();
    return result;
  });
}

/**
 * What any reset of an administrator's factors does, inside the caller's transaction: the
 * authenticator, the recovery codes and open sign-in steps go, and every session ends (whoever holds
 * one may be why the factor is "lost").
 */
export async function removeFactorsAndSessions(
  trx: Executor,
  adminId: number,
  reason: string,
  now: Date,
): Promise<Omit<OperatorResetResult, 'adminId' | 'email'>> {
  const totp = await trx.deleteFrom('admin_totp').where('admin_id', '=', adminId).executeTakeFirst();
  const codes = await trx
    .deleteFrom('admin_recovery_codes')
    .where('admin_id', '=', adminId)
    .where('used_at', 'is', null)
    .executeTakeFirst();
  await trx.deleteFrom('admin_recovery_codes').where('admin_id', '=', adminId).execute();
  await trx.deleteFrom('admin_mfa_challenges').where('admin_id', '=', adminId).execute();
  const sessions = await trx
    .updateTable('auth_sessions')
    .set({ revoked_at: now, revoked_reason: reason })
    .where('subject_kind', '=', 'admin')
    .where('subject_id', '=', adminId)
    .where('revoked_at', 'is', null)
    .executeTakeFirst();
  return {
    removedTotp: Number(totp.numDeletedRows) > 0,
    removedRecoveryCodes: Number(codes.numDeletedRows),
    endedSessions: Number(sessions.numUpdatedRows),
  };
}
