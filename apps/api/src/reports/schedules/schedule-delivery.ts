import {
  LOCALES,
  type Locale,
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
import { type Mailer, REPORT_DELIVERY_TEMPLATE } from '../../mail/mailer.js';
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

/**
 * Mails one run of a schedule inside the caller's transaction (the one that claimed its slot), so the
 * e-mails exist exactly when the run does. The report is computed once per language, in the
 * schedule's zone, at the moment of the run; each recipient gets it only if their account is active
 * and their own grants let them open the report now (a schedule never mails what its recipient could
 * not see in the panel). A report or template that cannot be made fails the run, queuing nothing.
 */
export async function deliverSchedule(
  trx: Executor,
  deps: ScheduleDeliveryDeps,
  schedule: DueSchedule,
): Promise<DeliveryOutcome> {
  const { rows: saved } = await sql<SavedReportRow>`select name, report, query from saved_reports
    where id = ${schedule.saved_report_id}`.execute(trx);
  const report = deps.reports.find((source) => source.id === saved[0]?.report);
  if (!saved[0] || !report) return failed('The saved report or its report no longer exists');
  const { rows: recipients } = await sql<RecipientRow>`select id, email, language, status, groups from admins
    where id = any(${[...schedule.recipients]}::bigint[]) order by id`.execute(trx);

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
  if (allowed.length === 0) return { status: 'skipped', sent: 0, skipped, error: null };

  await sql`savepoint schedule_delivery`.execute(trx);
  try {
    const now = deps.clock();
    const answers = new Map<Locale, ReportAnswer>();
    for (const recipient of allowed) {
      const locale = localeOf(recipient.language);
      let answer = answers.get(locale);
      if (!answer) {
        answer = await report.run({ ...saved[0].query, tz: schedule.time_zone }, now, locale);
        answers.set(locale, answer);
      }
      await deps.mailer.send(trx, emailOf(deps, schedule, saved[0], report, answer, recipient.email, locale));
    }
  } catch (error) {
    await sql`rollback to savepoint schedule_delivery`.execute(trx);
    return failed(`The report could not be mailed: ${messageOf(error)}`);
  }
  return { status: skipped.length > 0 ? 'partial' : 'sent', sent: allowed.length, skipped, error: null };
}

function emailOf(
  deps: ScheduleDeliveryDeps,
  schedule: DueSchedule,
  saved: SavedReportRow,
  report: ReportSource,
  answer: ReportAnswer,
  to: string,
  locale: Locale,
) {
  const parts = reportEmailParts({ id: report.id, ...answer }, locale);
  const link = new URL(`/reports/${report.id}`, deps.panelUrl);
  for (const [key, value] of Object.entries(saved.query)) link.searchParams.set(key, value);
  return {
    template: REPORT_DELIVERY_TEMPLATE,
    to,
    language: locale,
    priority: 'queue' as const,
    variables: {
      company: deps.companyName,
      reportName: saved.name,
      report: parts.title,
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

function failed(error: string): DeliveryOutcome {
  return { status: 'failed', sent: 0, skipped: [], error };
}

function messageOf(error: unknown): string {
  return (error instanceof Error ? error.message : String(error)).slice(0, 500);
}
