import {
  LOCALES,
  type Locale,
  permissionResourceOf,
  reportSchedulesResource,
  reportTexts,
  type ScheduleRunError,
  type ScheduleRunStatus,
  type ScheduleSkip,
  type ScheduleTiming,
  STATUS,
  scheduleSummary,
} from '@pult/contract';
import { sql } from 'kysely';
import type { PermissionSet } from '../../access/permission-set.js';
import type { Executor } from '../../db/database.js';
import type { Clock } from '../../lib/clock.js';
import { type Mailer, REPORT_DELIVERY_TEMPLATE, type TemplatedEmail } from '../../mail/mailer.js';
import { reportEmailParts } from '../report-email.js';
import { maySee } from '../report-routes.js';
import type { ReportAnswer, ReportSource } from '../report-source.js';

export interface ScheduleDeliveryDeps {
  clock: Clock;
  reports: readonly ReportSource[];
  mailer: Mailer;
  /** What an administrator with these groups may do now: the recipients' own grants decide. */
  permissionsOf: (groups: readonly string[]) => Promise<PermissionSet>;
  panelUrl: string;
  companyName: string;
}

/** What one run did, as its row records it; `detail` (the cause of an error) goes to the log only. */
export interface DeliveryOutcome {
  status: ScheduleRunStatus;
  sent: number;
  skipped: ScheduleSkip[];
  error: ScheduleRunError | null;
  detail?: string;
}

export interface DueSchedule extends ScheduleTiming {
  id: number;
  saved_report_id: number;
  owner_id: number;
  recipients: readonly number[];
}

const SCHEDULES = permissionResourceOf(reportSchedulesResource);

interface SavedReportRow {
  name: string;
  report: string;
  query: Record<string, string>;
  /** The schedule's owner still sees it (theirs, or shared with a group of theirs). */
  owner_sees: boolean;
}

interface RecipientRow {
  id: number;
  email: string;
  language: string;
  status: number;
  groups: string[];
}

const localeOf = (language: string): Locale =>
  (LOCALES as readonly string[]).includes(language) ? (language as Locale) : 'uk-UA';

/** A run made ready before its slot is claimed: the e-mails to queue, who is skipped, or why it fails. */
export interface PreparedDelivery {
  emails: TemplatedEmail[];
  skipped: ScheduleSkip[];
  error: ScheduleRunError | null;
  detail?: string;
}

/**
 * Makes one run of a schedule ready, reading outside any transaction (PGlite has one connection, and
 * a claim holds its row no longer than queuing takes). The report is computed once per language, in
 * the schedule's zone, at the moment of the run; each recipient gets it only if their account is
 * active and their own grants let them open the report now (a schedule never mails what its
 * recipient could not see in the panel). A report that cannot be made fails the run.
 */
export async function prepareDelivery(
  executor: Executor,
  deps: ScheduleDeliveryDeps,
  schedule: DueSchedule,
): Promise<PreparedDelivery> {
  const { rows: saved } = await sql<SavedReportRow>`select s.name, s.report, s.query,
      (s.owner_id = o.id or (s.shared_with && o.groups and exists (select 1 from admins so
        where so.id = s.owner_id and so.status <> ${STATUS.deleted}))) as owner_sees
    from saved_reports s, admins o
    where s.id = ${schedule.saved_report_id} and o.id = ${schedule.owner_id}`.execute(executor);
  const report = deps.reports.find((source) => source.id === saved[0]?.report);
  if (!saved[0] || !report) return failed('report-missing');
  if (!(await ownerMaySend(executor, deps, schedule.owner_id, saved[0], report)))
    return failed('owner-unable');
  const { rows: recipients } = await sql<RecipientRow>`select id, email, language, status, groups from admins
    where id = any(${[...schedule.recipients]}::bigint[]) order by id`.execute(executor);

  const skipped: ScheduleSkip[] = [];
  const allowed: RecipientRow[] = [];
  for (const id of schedule.recipients) {
    const recipient = recipients.find((row) => Number(row.id) === id);
    if (!recipient) skipped.push({ id, reason: 'missing' });
    else if (recipient.status !== STATUS.active) skipped.push({ id, reason: 'inactive' });
    else if (!maySee(await deps.permissionsOf(recipient.groups), report))
      skipped.push({ id, reason: 'forbidden' });
    else allowed.push(recipient);
  }
  try {
    const now = deps.clock();
    const answers = new Map<Locale, ReportAnswer>();
    const emails: TemplatedEmail[] = [];
    for (const recipient of allowed) {
      const locale = localeOf(recipient.language);
      let answer = answers.get(locale);
      if (!answer) {
        answer = await report.run({ ...saved[0].query, tz: schedule.time_zone }, now, locale);
        answers.set(locale, answer);
      }
      emails.push(emailOf(deps, schedule, saved[0], report, answer, recipient.email, locale));
    }
    return { emails, skipped, error: null };
  } catch (error) {
    return failed('report-failed', messageOf(error));
  }
}

/**
 * A schedule mails in its owner's name: it stops (each run says so) once its owner is no longer active,
 * no longer may write schedules, or no longer sees the saved report or may open its report — the
 * panel would no longer show them the schedule to stop it.
 */
async function ownerMaySend(
  executor: Executor,
  deps: ScheduleDeliveryDeps,
  ownerId: number,
  saved: SavedReportRow,
  report: ReportSource,
): Promise<boolean> {
  const { rows } = await sql<{ status: number; groups: string[] }>`select status, groups from admins
    where id = ${ownerId}`.execute(executor);
  const owner = rows[0];
  if (!owner || owner.status !== STATUS.active || !saved.owner_sees) return false;
  const permissions = await deps.permissionsOf(owner.groups);
  return (
    (permissions.can(SCHEDULES, 'create') || permissions.can(SCHEDULES, 'update')) &&
    maySee(permissions, report)
  );
}

/**
 * Queues a prepared run inside the transaction that claimed its slot, so the e-mails exist exactly
 * when the run does. A template that cannot be rendered fails the run and queues nothing (a savepoint
 * takes back the e-mails queued before it).
 */
export async function queueDelivery(
  trx: Executor,
  deps: Pick<ScheduleDeliveryDeps, 'mailer'>,
  prepared: PreparedDelivery,
): Promise<DeliveryOutcome> {
  const { emails, skipped, error, detail } = prepared;
  if (error !== null) return { status: 'failed', sent: 0, skipped, error, ...(detail ? { detail } : {}) };
  if (emails.length === 0) return { status: 'skipped', sent: 0, skipped, error: null };
  await sql`savepoint schedule_delivery`.execute(trx);
  try {
    for (const email of emails) await deps.mailer.send(trx, email);
  } catch (failure) {
    await sql`rollback to savepoint schedule_delivery`.execute(trx);
    return {
      status: 'failed',
      sent: 0,
      skipped,
      error: 'email-failed',
      detail: messageOf(failure),
    };
  }
  return { status: skipped.length > 0 ? 'partial' : 'sent', sent: emails.length, skipped, error: null };
}

function emailOf(
  deps: ScheduleDeliveryDeps,
  schedule: DueSchedule,
  saved: SavedReportRow,
  report: ReportSource,
  answer: ReportAnswer,
  to: string,
  locale: Locale,
): TemplatedEmail {
  const parts = reportEmailParts({ id: report.id, ...answer }, locale);
  // The panel's base may have a path of its own; the zone is the schedule's, as the figures are.
  const query = new URLSearchParams({ ...saved.query, tz: schedule.time_zone });
  const link = `${deps.panelUrl.replace(/\/+$/, '')}/reports/${report.id}?${query}`;
  return {
    template: REPORT_DELIVERY_TEMPLATE,
    to,
    language: locale,
    priority: 'queue',
    variables: {
      company: deps.companyName,
      reportName: saved.name,
      report: reportTexts(locale)[report.id].title,
      period: `${answer.period.from} – ${answer.period.to}, ${answer.period.tz}`,
      schedule: scheduleSummary(schedule, locale),
      link,
    },
    html: { table: parts.tablesHtml },
    attachments: [
      {
        filename: `${fileNameOf(saved.name)}-${answer.period.from}.csv`,
        contentType: 'text/csv; charset=utf-8',
        content: parts.csv,
      },
    ],
    // The figures are the recipient's: a reader of the e-mail queue may not be allowed to open them.
    private: true,
  };
}

/** A file name from the saved report's name: letters (any script), digits and dashes. */
function fileNameOf(name: string): string {
  return (
    name
      .normalize('NFC')
      .replace(/[^\p{L}\p{N}]+/gu, '-')
      .replace(/^-|-$/g, '')
      .slice(0, 60) || 'report'
  );
}

function failed(error: ScheduleRunError, detail?: string): PreparedDelivery {
  return { emails: [], skipped: [], error, ...(detail ? { detail } : {}) };
}

function messageOf(error: unknown): string {
  return (error instanceof Error ? error.message : String(error)).slice(0, 500);
}
