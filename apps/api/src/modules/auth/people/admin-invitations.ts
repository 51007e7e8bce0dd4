import { ADMIN_INVITATION_TTL_SECONDS, type Locale, STATUS } from '@pult/contract';
import { sql } from 'kysely';
import type { Executor } from '../../../db/database.js';
import { addSeconds } from '../../../lib/clock.js';
import { randomToken, sha256 } from '../../../lib/tokens.js';
import { ADMIN_INVITATION_TEMPLATE, type Mailer } from '../../../mail/mailer.js';
import type { Values } from '../../../resources/import/import-target.js';

export interface InvitationDeps {
  mailer: Mailer;
  panelUrl: string;
  companyName: string;
}

/** Who invites, and the language of an invitation whose row names none. */
export interface Inviter {
  name: string;
  locale: Locale;
}

/**
 * Invites administrators an import has just created, in its transaction: a single-use code in
 * `password_reset_codes` (stored as its SHA-256, as recovery stores its codes; valid 7 days) and an
 * `admin-invitation` e-mail with the link that spends it on the change-password screen. As recovery
 * mails only active administrators, an administrator created in another status is not invited.
 * Answers how many were invited (the caller wakes the mailer once the transaction has committed).
 */
export async function inviteAdmins(
  executor: Executor,
  deps: InvitationDeps,
  inviter: Inviter,
  created: readonly Values[],
  now: Date,
): Promise<number> {
  const active = created.filter((values) => (values.status ?? STATUS.active) === STATUS.active);
  if (active.length === 0) return 0;
  const languages = new Map(
    active.map((values) => [String(values.email).toLowerCase(), values.language as Locale | undefined]),
  );
  const { rows } = await sql<{ id: number; email: string }>`select id, email from admins
    where lower(email) = any(${[...languages.keys()]}::text[]) order by id`.execute(executor);
  const invitations = rows.map((admin) => ({ ...admin, code: randomToken() }));
  if (invitations.length === 0) return 0;
  await executor
    .insertInto('password_reset_codes')
    .values(
      invitations.map(({ id, code }) => ({
        admin_id: id,
        code_hash: sha256(code),
        expires_at: addSeconds(now, ADMIN_INVITATION_TTL_SECONDS),
        created_at: now,
      })),
    )
    .execute();
  for (const { email, code } of invitations) {
    await deps.mailer.send(executor, {
      template: ADMIN_INVITATION_TEMPLATE,
      to: email,
      language: languages.get(email.toLowerCase()) ?? inviter.locale,
      variables: {
        company: deps.companyName,
        inviter: inviter.name,
        link: `${deps.panelUrl}/change-password?code=${encodeURIComponent(code)}`,
      },
      priority: 'main',
    });
  }
  return invitations.length;
}

/** The inviting administrator's name as the e-mail shows it ("first last", else the e-mail). */
export async function inviterName(executor: Executor, adminId: number): Promise<string> {
  const admin = await executor
    .selectFrom('admins')
    .select(['first_name', 'last_name', 'email'])
    .where('id', '=', adminId)
    .executeTakeFirst();
  if (!admin) return '';
  return `${admin.first_name} ${admin.last_name}`.trim() || admin.email;
}
