import type { Executor } from '../db/database.js';

const DAY_MS = 24 * 3600_000;
/** How far back the demo's history reaches. */
const HISTORY_DAYS = 28;

/** Who worked on which weekdays (0 Sunday … 6 Saturday), and at which hour they signed in (UTC). */
const ROTA: readonly { email: string; weekdays: readonly number[]; hour: number }[] = [
  { email: 'olena.admin', weekdays: [1, 2, 3, 4, 5], hour: 7 },
  { email: 'andrii.melnyk@pult.local', weekdays: [1, 2, 3, 4, 5], hour: 6 },
  { email: 'emily.carter@pult.local', weekdays: [1, 3, 5], hour: 9 },
  { email: 'olha.bondarenko@pult.local', weekdays: [2, 4], hour: 8 },
];

interface Entry {
  created_at: Date;
  admin_id: number;
  admin_email: string;
  action: 'signin' | 'signout' | 'create';
  resource: string | null;
  record_id: string | null;
  changes: string;
}

/**
 * Four weeks of the demo administrators' work in the audit log, so that the log and the
 * Administrators report have something to show on a fresh demo: sign-ins and sign-outs on their
 * working days, and the content editor adding the demo's translations (which exist). History only,
 * like the notification demo's sent e-mails: nothing else is changed. The bootstrap administrator is
 * found by username (its e-mail is configurable).
 */
export async function seedAuditDemo(db: Executor, now: Date): Promise<number> {
  const admins = await db.selectFrom('admins').select(['id', 'email', 'username']).execute();
  const adminOf = (key: string) => admins.find((admin) => admin.email === key || admin.username === key);
  const days = workingDays(now);
  const entries: Entry[] = [];
  for (const { email, weekdays, hour } of ROTA) {
    const admin = adminOf(email);
    if (!admin) continue;
    for (const day of days.filter((date) => weekdays.includes(date.getUTCDay()))) {
      const entry = {
        admin_id: admin.id,
        admin_email: admin.email,
        resource: null,
        record_id: null,
        changes: '[]',
      };
      entries.push({ ...entry, action: 'signin', created_at: at(day, hour, 2) });
      entries.push({ ...entry, action: 'signout', created_at: at(day, hour + 8, 41) });
    }
  }
  entries.push(...(await translationsAdded(db, adminOf('emily.carter@pult.local'), days)));
  if (entries.length > 0) await db.insertInto('audit_log').values(entries).execute();
  return entries.length;
}

/** The content editor created the demo's translations, a few each working day she was in. */
async function translationsAdded(
  db: Executor,
  admin: Admin | undefined,
  days: readonly Date[],
): Promise<Entry[]> {
  if (!admin) return [];
  const translations = await db.selectFrom('notification_translations').select('id').orderBy('id').execute();
  const herDays = days.filter((day) => [1, 3, 5].includes(day.getUTCDay()));
  return translations.map(({ id }, index) => ({
    created_at: at(herDays[index % herDays.length] as Date, 10 + (index % 5), 7 * (index % 8)),
    admin_id: admin.id,
    admin_email: admin.email,
    action: 'create',
    resource: 'translations',
    record_id: String(id),
    changes: '[]',
  }));
}

interface Admin {
  id: number;
  email: string;
}

/** The working days (Monday to Friday) of the last `HISTORY_DAYS` days before today, oldest first, at midnight UTC. */
function workingDays(now: Date): Date[] {
  const today = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate());
  return Array.from(
    { length: HISTORY_DAYS },
    (_, index) => new Date(today - (HISTORY_DAYS - index) * DAY_MS),
  ).filter((day) => day.getUTCDay() >= 1 && day.getUTCDay() <= 5);
}

function at(day: Date, hour: number, minute: number): Date {
  return new Date(day.getTime() + hour * 3600_000 + minute * 60_000);
}
