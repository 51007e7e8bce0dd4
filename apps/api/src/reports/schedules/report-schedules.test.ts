import type {
  EmailQueueDetail,
  GrantInput,
  ListResponse,
  ReportSchedule,
  SavedReport,
  ScheduleRun,
} from '@pult/contract';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../../db/database.js';
import {
  adminHeaders,
  adminWithGrants,
  createAdmin,
  createGroup,
  createUser,
  signIn,
} from '../../test/factories.js';
import { startSecondProcess } from '../../test/second-process.js';
import { type SmtpSink, startSmtpSink } from '../../test/smtp-sink.js';
import { createTestApp, type TestApp } from '../../test/test-app.js';
import { testDatabaseKinds } from '../../test/test-database.js';
import { SEND_NOW_COOLDOWN_SECONDS } from './report-scheduler.js';

type Headers = Record<string, string>;
const PATH = '/auth/admin/report-schedules';
const HOUR = 3_600;

/** Local wall-clock parts of an instant in a zone, as the schedule's recipient reads them. */
function localParts(iso: string, zone: string) {
  const parts = new Intl.DateTimeFormat('en-US', {
    timeZone: zone,
    hourCycle: 'h23',
    weekday: 'short',
    day: 'numeric',
    hour: '2-digit',
    minute: '2-digit',
  }).formatToParts(new Date(iso));
  const part = (type: string) => parts.find((item) => item.type === type)?.value ?? '';
  const weekdays = ['Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat', 'Sun'];
  return {
    weekday: weekdays.indexOf(part('weekday')) + 1,
    day: Number(part('day')),
    hour: Number(part('hour')),
    minute: Number(part('minute')),
  };
}

/** Report schedules: validation, slots in a zone, once per slot across processes, recipients' own access. */
describe.each(testDatabaseKinds())('report schedules on %s', (kind) => {
  let t: TestApp;
  let sink: SmtpSink;
  let root: Headers;
  let rootId: number;
  let savedId: number;
  const send = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, headers: Headers, payload?: object) =>
    t.app.inject({ method, url, headers, ...(payload ? { payload } : {}) });
  const fieldsOf = (body: string) => Object.keys(JSON.parse(body).message as Record<string, string[]>);
  const daily = () => ({
    saved_report_id: savedId,
    frequency: 'daily',
    hour: 9,
    time_zone: 'Europe/Kyiv',
    recipients: [rootId],
  });
  const create = async (headers: Headers, body: object) => {
    const response = await send('POST', PATH, headers, body);
    expect(response.statusCode, response.body).toBe(201);
    return response.json<ReportSchedule>();
  };
  const runsOf = async (id: number) =>
    (await send('GET', `${PATH}/${id}/runs`, root)).json<{ items: ScheduleRun[] }>().items;
  const queued = async (id: number) => {
    const { rows } = await sql<{ n: number }>`select count(*)::int as n from email_queue
      where template_name = 'report-delivery' and id > ${id}`.execute(t.db);
    return Number(rows[0]?.n);
  };
  const lastEmailId = async () => {
    const { rows } = await sql<{ id: number | null }>`select max(id) as id from email_queue`.execute(t.db);
    return Number(rows[0]?.id ?? 0);
  };
  /** Moves the clock on (and signs in again: the access token does not outlive the move). */
  const advance = async (seconds: number) => {
    t.time.advance(seconds);
    root = await adminHeaders(t);
  };
  /** Moves the clock past every enabled schedule's slot. */
  const passSlots = async () => {
    const { rows } = await sql<{ at: Date | null }>`select max(next_run_at) as at from report_schedules
      where enabled`.execute(t.db);
    const at = rows[0]?.at ? new Date(rows[0].at).getTime() : Date.now();
    await advance(Math.max(0, Math.ceil((at - t.time.clock().getTime()) / 1000)) + 60);
  };

  beforeAll(async () => {
    sink = await startSmtpSink();
    t = await createTestApp(kind, { SMTP_URL: sink.url });
    root = await adminHeaders(t);
    const { rows } = await sql<{ id: number }>`select id from admins order by id limit 1`.execute(t.db);
    rootId = Number(rows[0]?.id);
    const saved = await send('POST', '/auth/admin/saved-reports', root, {
      name: 'Weekly sign-ups',
      report: 'users',
      query: { preset: 'last-7-days', group: 'day' },
    });
    savedId = saved.json<SavedReport>().id;
  });
  afterAll(async () => {
    await t?.close();
    await sink?.close();
  });

  it('refuses what a schedule cannot mean, keyed by field', async () => {
    const other = await createAdmin(t.db, { status: 2 });
    const cases: [object, string[]][] = [
      [{ ...daily(), frequency: 'hourly' }, ['frequency']],
      [{ ...daily(), frequency: 'weekly' }, ['weekday']],
      [{ ...daily(), frequency: 'weekly', weekday: 8 }, ['weekday']],
      [{ ...daily(), weekday: 1 }, ['weekday']],
      [{ ...daily(), frequency: 'monthly', month_day: 31 }, ['month_day']],
      [{ ...daily(), hour: 24 }, ['hour']],
      [{ ...daily(), time_zone: 'Mars/Olympus' }, ['time_zone']],
      // A raw offset: PostgreSQL reads '+03:00' as three hours west.
      [{ ...daily(), time_zone: '+03:00' }, ['time_zone']],
      // Node still knows this zone, PostgreSQL no longer does: a 422 even while paused, never a 500.
      [{ ...daily(), time_zone: 'US/Pacific-New', enabled: false }, ['time_zone']],
      [{ ...daily(), recipients: [] }, ['recipients']],
      [{ ...daily(), recipients: [rootId, rootId] }, ['recipients']],
      // A locked administrator is no recipient, nor one that does not exist.
      [
        { ...daily(), recipients: [rootId, Number(other.admin.id), 999_999] },
        ['recipients.1', 'recipients.2'],
      ],
      [{ ...daily(), saved_report_id: 999_999 }, ['saved_report_id']],
      [{ ...daily(), color: 'red' }, ['color']],
    ];
    for (const [body, fields] of cases) {
      const response = await send('POST', PATH, root, body);
      expect(response.statusCode, JSON.stringify(body)).toBe(422);
      expect(fieldsOf(response.body).sort(), JSON.stringify(body)).toEqual(fields);
    }
  });

  it('sets the next slot in the schedule’s own zone: daily, weekly and monthly', async () => {
    const now = t.time.clock().toISOString();
    const cases = [
      { frequency: 'daily', hour: 9, time_zone: 'Europe/Kyiv', within: 24 * HOUR },
      { frequency: 'weekly', weekday: 1, hour: 7, time_zone: 'America/New_York', within: 7 * 24 * HOUR },
      { frequency: 'monthly', month_day: 28, hour: 23, time_zone: 'Asia/Kolkata', within: 31 * 24 * HOUR },
    ];
    for (const { within, ...timing } of cases) {
      const schedule = await create(root, { ...daily(), ...timing, enabled: false });
      expect(schedule.next_run_at, 'a paused schedule has no slot').toBeNull();
      const enabled = await send('PUT', `${PATH}/${schedule.id}`, root, { ...daily(), ...timing });
      const next = enabled.json<ReportSchedule>().next_run_at as string;
      expect(next > now).toBe(true);
      expect(new Date(next).getTime() - new Date(now).getTime()).toBeLessThanOrEqual(within * 1000);
      const local = localParts(next, timing.time_zone);
      expect(local).toMatchObject({ hour: timing.hour, minute: 0 });
      if (timing.weekday) expect(local.weekday).toBe(timing.weekday);
      if (timing.month_day) expect(local.day).toBe(timing.month_day);
      expect((await send('DELETE', `${PATH}/${schedule.id}`, root)).statusCode).toBe(200);
    }
  });

  it('counts wall-clock hours across a change of daylight saving time', async () => {
    // Kyiv moved its clocks from 03:00 to 04:00 on 2026-03-29: 09:00 the day before is 07:00 UTC,
    // on the day 06:00 UTC; 03:00 did not exist that day and comes an hour later, at 04:00.
    const next = async (hour: number, after: string) => {
      const { rows } = await sql<{ at: Date }>`select report_schedule_next('daily', null, null, ${hour},
        'Europe/Kyiv', ${after}::timestamptz) as at`.execute(t.db);
      return new Date(rows[0]?.at as Date).toISOString();
    };
    expect(await next(9, '2026-03-28T08:00:00Z')).toBe('2026-03-29T06:00:00.000Z');
    expect(await next(9, '2026-03-27T08:00:00Z')).toBe('2026-03-28T07:00:00.000Z');
    expect(await next(3, '2026-03-28T02:00:00Z')).toBe('2026-03-29T01:00:00.000Z');
  });

  it('runs a slot once, mails each recipient the report with its CSV, and catches a missed slot up once', async () => {
    await sql`update report_schedules set enabled = false`.execute(t.db);
    const schedule = await create(root, daily());
    // A sign-up within the report's last 7 days, so its section is a table and not "nothing happened".
    await createUser(t.db, { created_at: t.time.clock() });
    const before = await lastEmailId();
    expect(await t.runReportSchedules(), 'not due yet').toBe(0);
    await passSlots();
    expect(await t.runReportSchedules()).toBe(1);
    expect(await t.runReportSchedules(), 'once per slot').toBe(0);
    expect(await queued(before)).toBe(1);
    const [run] = await runsOf(schedule.id);
    expect(run).toMatchObject({
      status: 'sent',
      sent: 1,
      skipped: [],
      manual: false,
      slot: schedule.next_run_at,
    });

    // The figures are the recipient's: even a superadmin reading the queue sees no body, yet it is kept.
    const { rows: stored } = await sql<{ id: number; kept: boolean }>`select id, body_html is not null as kept
      from email_queue where template_name = 'report-delivery' and id > ${before}`.execute(t.db);
    expect(stored[0]?.kept, 'kept for delivery').toBe(true);
    const detail = await send('GET', `/notification/api/v1/admin/email-queue/${stored[0]?.id}`, root);
    expect(detail.json<EmailQueueDetail>()).toMatchObject({
      body_withheld: true,
      body_text: null,
      body_html: null,
    });

    await t.deliverEmails();
    const mail = await sink.waitFor(1);
    expect(mail.subject).toContain('Weekly sign-ups');
    expect(mail.html).toContain('<table');
    const csv = mail.attachments.find((attachment) => attachment.filename?.endsWith('.csv'));
    expect(csv?.contentType).toBe('text/csv');
    // In the recipient's language (the bootstrap administrator's is Ukrainian), as the panel words it.
    expect(csv?.content.toString('utf8')).toContain('День,Реєстрації');

    // Three days without a process: one run, then the next slot is after now again.
    await passSlots();
    await advance(3 * 24 * HOUR);
    expect(await t.runReportSchedules()).toBe(1);
    expect(await t.runReportSchedules()).toBe(0);
    const after = (await send('GET', `${PATH}/${schedule.id}`, root)).json<ReportSchedule>();
    expect(new Date(after.next_run_at as string).getTime()).toBeGreaterThan(t.time.clock().getTime());
    expect(await runsOf(schedule.id)).toHaveLength(2);
    await send('DELETE', `${PATH}/${schedule.id}`, root);
  });

  it('mails only recipients whose own grants open the report, and says who was skipped', async () => {
    await sql`update report_schedules set enabled = false`.execute(t.db);
    await createGroup(t.db, 'no-reports', [
      { resource: 'auth.saved-reports', action: 'list', effect: 'allow' },
    ]);
    const outsider = await createAdmin(t.db, { groups: ['no-reports'] });
    const leaver = await createAdmin(t.db);
    const schedule = await create(root, {
      ...daily(),
      recipients: [rootId, Number(outsider.admin.id), Number(leaver.admin.id)],
    });
    await sql`update admins set status = 3 where id = ${leaver.admin.id}`.execute(t.db);
    const before = await lastEmailId();
    await passSlots();
    expect(await t.runReportSchedules()).toBe(1);
    const [run] = await runsOf(schedule.id);
    expect(run).toMatchObject({
      status: 'partial',
      sent: 1,
      skipped: [
        { id: Number(outsider.admin.id), reason: 'forbidden' },
        { id: Number(leaver.admin.id), reason: 'inactive' },
      ],
    });
    expect(await queued(before)).toBe(1);
    await send('DELETE', `${PATH}/${schedule.id}`, root);
  });

  it('keeps a due slot through an edit of the recipients, and stops once its owner may no longer send', async () => {
    await sql`update report_schedules set enabled = false`.execute(t.db);
    const group = await createGroup(t.db, 'own-schedules', [
      { resource: 'auth.users', action: 'list', effect: 'allow' },
      { resource: 'auth.saved-reports', action: '*', effect: 'allow' },
      { resource: 'auth.report-schedules', action: '*', effect: 'allow' },
    ]);
    const { admin, password } = await createAdmin(t.db, { groups: [group.name] });
    const headersOf = async () => ({
      authorization: `Bearer ${(await signIn(t, admin.email, password)).access_token}`,
      Lang: 'en-US',
    });
    const saved = await send('POST', '/auth/admin/saved-reports', await headersOf(), {
      name: 'Mine alone',
      report: 'users',
      query: { preset: 'last-7-days' },
    });
    const schedule = await create(await headersOf(), {
      ...daily(),
      saved_report_id: saved.json<SavedReport>().id,
      recipients: [rootId],
    });
    await passSlots();
    const edited = await send('PUT', `${PATH}/${schedule.id}`, await headersOf(), {
      ...daily(),
      saved_report_id: schedule.saved_report_id,
      recipients: [rootId, Number(admin.id)],
    });
    expect(edited.json<ReportSchedule>().next_run_at, 'still due').toBe(schedule.next_run_at);
    expect(await t.runReportSchedules()).toBe(1);

    // The owner's group loses its grant to write schedules: the next slot sends nothing, and says why.
    await sql`update admin_groups set grants = '[{"resource":"auth.users","action":"list","effect":"allow"}]'::jsonb
      where name = ${group.name}`.execute(t.db);
    await passSlots();
    const before = await lastEmailId();
    expect(await t.runReportSchedules()).toBe(1);
    expect(await queued(before)).toBe(0);
    // Root does not see the owner's private saved report, nor its schedule: the runs are read here.
    const { rows: runs } = await sql<{ status: string; error: string | null; sent: number }>`select status,
        error, sent from report_schedule_runs where schedule_id = ${schedule.id} order by id desc`.execute(
      t.db,
    );
    expect(runs[0]).toMatchObject({ status: 'failed', error: 'owner-unable', sent: 0 });
    expect(runs[1]).toMatchObject({ status: 'sent', sent: 2 });
    await sql`delete from report_schedules where id = ${schedule.id}`.execute(t.db);
  });

  it('lets only the owner change, pause, send or delete a schedule; scheduling needs its own grant', async () => {
    const usersList: GrantInput = { resource: 'auth.users', action: 'list', effect: 'allow' };
    const readSaved: GrantInput[] = (['list', 'read', 'create'] as const).map((action) => ({
      resource: 'auth.saved-reports',
      action,
      effect: 'allow' as const,
    }));
    const noSchedules = await adminWithGrants(t, [usersList, ...readSaved]);
    expect((await send('POST', PATH, noSchedules.headers, daily())).statusCode).toBe(403);

    const schedulers = (
      ['list', 'read', 'create', 'update', 'delete', 'report-schedules.send-now'] as const
    ).map((action) => ({ resource: 'auth.report-schedules', action, effect: 'allow' as const }));
    const colleague = await adminWithGrants(t, [usersList, ...readSaved, ...schedulers]);
    // Root's saved report is private: the colleague can neither see it nor schedule it.
    const refused = await send('POST', PATH, colleague.headers, daily());
    expect(refused.statusCode).toBe(422);
    expect(fieldsOf(refused.body)).toEqual(['saved_report_id']);

    const mine = await create(root, daily());
    expect((await send('GET', `${PATH}/${mine.id}`, colleague.headers)).statusCode).toBe(404);
    // Shared with the colleague's group: they see the schedule (who else gets it), but do not change it.
    await send('PUT', `/auth/admin/saved-reports/${savedId}`, root, {
      name: 'Weekly sign-ups',
      report: 'users',
      query: { preset: 'last-7-days', group: 'day' },
      shared_with: [colleague.group.name],
    });
    const seen = await send('GET', `${PATH}/${mine.id}`, colleague.headers);
    expect(seen.json<ReportSchedule>()).toMatchObject({ mine: false, recipients: [rootId] });
    expect(seen.json<ReportSchedule>().recipient_names).toHaveLength(1);
    expect(
      (await send('PUT', `${PATH}/${mine.id}`, colleague.headers, { ...daily(), hour: 5 })).statusCode,
    ).toBe(403);
    expect((await send('POST', `${PATH}/${mine.id}/send-now`, colleague.headers)).statusCode).toBe(403);
    expect((await send('DELETE', `${PATH}/${mine.id}`, colleague.headers)).statusCode).toBe(403);
    // A colleague's own schedule of root's shared report: root, the saved report's owner, may delete it.
    const theirs = await create(colleague.headers, { ...daily(), recipients: [Number(colleague.admin.id)] });
    expect((await send('PUT', `${PATH}/${theirs.id}`, root, { ...daily(), hour: 5 })).statusCode).toBe(403);
    expect((await send('DELETE', `${PATH}/${theirs.id}`, root)).statusCode).toBe(200);

    const sent = await send('POST', `${PATH}/${mine.id}/send-now`, root);
    expect(sent.statusCode, sent.body).toBe(200);
    expect(sent.json<ScheduleRun>()).toMatchObject({
      manual: true,
      status: 'sent',
      sent: 1,
      skipped_count: 0,
    });
    const list = (await send('GET', `${PATH}?perPage=100`, root)).json<ListResponse<ReportSchedule>>();
    expect(list.items.find((item) => item.id === mine.id)?.last_run?.manual).toBe(true);
    // Deleting the saved report takes its schedules with it.
    expect((await send('DELETE', `/auth/admin/saved-reports/${savedId}`, root)).statusCode).toBe(200);
    expect((await send('GET', `${PATH}/${mine.id}`, root)).statusCode).toBe(404);
    const saved = await send('POST', '/auth/admin/saved-reports', root, {
      name: 'Weekly sign-ups',
      report: 'users',
      query: { preset: 'last-7-days', group: 'day' },
    });
    savedId = saved.json<SavedReport>().id;
  });

  it('sends now once a minute, however many clicks race for it', async () => {
    const schedule = await create(root, { ...daily(), recipients: [rootId] });
    const before = await lastEmailId();
    const sendNow = () => send('POST', `${PATH}/${schedule.id}/send-now`, root);
    const clicks = await Promise.all([sendNow(), sendNow(), sendNow()]);
    expect(clicks.map((click) => click.statusCode).sort()).toEqual([200, 429, 429]);
    const refused = clicks.find((click) => click.statusCode === 429);
    expect(Number(refused?.headers['retry-after'])).toBeGreaterThan(0);
    expect(Number(refused?.headers['retry-after'])).toBeLessThanOrEqual(SEND_NOW_COOLDOWN_SECONDS);
    expect(refused?.json<{ message: string }>().message).toMatch(/^This report was sent a moment ago/);
    expect(await queued(before)).toBe(1);
    await advance(SEND_NOW_COOLDOWN_SECONDS + 1);
    expect((await sendNow()).statusCode).toBe(200);
    expect(await queued(before)).toBe(2);
    expect((await runsOf(schedule.id)).filter((run) => run.manual)).toHaveLength(2);
    await send('DELETE', `${PATH}/${schedule.id}`, root);
  });

  it.runIf(kind === 'postgres')(
    'runs a slot once with two processes, and after one dies holding it',
    async () => {
      await sql`update report_schedules set enabled = false`.execute(t.db);
      const schedule = await create(root, daily());
      const second = await startSecondProcess(t);
      try {
        await passSlots();
        const before = await lastEmailId();
        const ran = await Promise.all([t.runReportSchedules(), second.other.runReportSchedules()]);
        expect(ran.sort()).toEqual([0, 1]);
        expect(await queued(before)).toBe(1);

        // A process claims the next slot and dies before it commits: the slot stays due, and the other
        // process runs it once the dead one's claim is gone.
        await passSlots();
        const dying = await openDatabase({ databaseUrl: t.databaseUrl });
        let release: () => void = () => undefined;
        const held = new Promise<void>((resolve) => {
          release = resolve;
        });
        const claim = dying.db
          .transaction()
          .execute(async (trx) => {
            await sql`select id from report_schedules where id = ${schedule.id} for update`.execute(trx);
            await held;
            throw new Error('killed');
          })
          .catch(() => undefined);
        await new Promise((resolve) => setTimeout(resolve, 100));
        expect(await second.other.runReportSchedules(), 'claimed elsewhere: skipped').toBe(0);
        release();
        await claim;
        await dying.close();
        expect(await second.other.runReportSchedules()).toBe(1);
        expect(await runsOf(schedule.id)).toHaveLength(2);
      } finally {
        await second.close();
        await send('DELETE', `${PATH}/${schedule.id}`, root);
      }
    },
  );
});
