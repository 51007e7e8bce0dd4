import {
  LOCALES,
  type Locale,
  reportTexts,
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

/** What one run did, as its row records it. */
export interface DeliveryOutcome {
  status: ScheduleRunStatus;
  sent: number;
  skipped: ScheduleSkip[];
  error: string | null;
}

export interface DueSchedule extends ScheduleTiming {
  id: number;
  saved_report_id: number;
  recipients: readonly number[];
}

interface SavedReportRow {
  name: string;
  report: string;
  query: Record<string, string>;
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
  error: string | null;
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
  const { rows: saved } = await sql<SavedReportRow>`select name, report, query from saved_reports
    where id = ${schedule.saved_report_id}`.execute(executor);
  const report = deps.reports.find((source) => source.id === saved[0]?.report);
  if (!saved[0] || !report) return failed('The saved report or its report no longer exists');
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
    return failed(`The report could not be made: ${messageOf(error)}`);
  }
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
  const { emails, skipped, error } = prepared;
  if (error !== null) return { status: 'failed', sent: 0, skipped, error };
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
      error: `The e-mail could not be made: ${messageOf(failure)}`,
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
  const link = new URL(`/reports/${report.id}`, deps.panelUrl);
  for (const [key, value] of Object.entries(saved.query)) link.searchParams.set(key, value);
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
      link: link.toString(),
    },
    html: { table: parts.tablesHtml },
    attachments: [
      {
        filename: `${fileNameOf(saved.name)}-${answer.period.from}.csv`,
        contentType: 'text/csv; charset=utf-8',
        content: parts.csv,
      },
    ],
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

function failed(error: string): PreparedDelivery {
  return { emails: [], skipped: [], error };
}

function messageOf(error: unknown): string {
  return (error instanceof Error ? error.message : String(error)).slice(0, 500);
}
