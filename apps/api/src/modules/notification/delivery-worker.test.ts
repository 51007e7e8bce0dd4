import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { type SmtpSink, startSmtpSink } from '../../test/smtp-sink.js';
import { createTestApp, type TestApp } from '../../test/test-app.js';
import { testDatabaseKinds } from '../../test/test-database.js';
import { backoffSeconds, createEmailQueue, type OutgoingEmail } from './email-queue.js';
import { smtpFailureKind } from './smtp-outcome.js';

const LEASE = 30;
const SMTP = { describe: 'smtp', config: 'SMTP_URL' };

function email(overrides: Partial<OutgoingEmail> = {}): OutgoingEmail {
  return {
    to: 'someone@pult.test',
    templateName: 'worker-test',
    templatePriority: 0,
    language: 'uk-UA',
    subject: 'Subject',
    text: 'Body',
    html: null,
    priority: 'queue',
    ...overrides,
  };
}

describe('back-off', () => {
  it('doubles from 10 s up to an hour, with a random half as jitter', () => {
    expect(backoffSeconds(1, () => 0)).toBe(5);
    expect(backoffSeconds(1, () => 1)).toBe(10);
    expect(backoffSeconds(3, () => 0)).toBe(20);
    expect(backoffSeconds(3, () => 1)).toBe(40);
    expect(backoffSeconds(20, () => 0)).toBe(1800);
    expect(backoffSeconds(20, () => 1)).toBe(3600);
  });
});

/** The queue's guarantees, one step at a time, with the fake clock standing in for time passing. */
describe.each(testDatabaseKinds())('the e-mail queue on %s', (kind) => {
  let t: TestApp;
  let queue: ReturnType<typeof createEmailQueue>;
  beforeAll(async () => {
    t = await createTestApp(kind);
    queue = createEmailQueue(t.db, t.time.clock, {
      maxAttempts: 3,
      leaseSeconds: LEASE,
      messageIdDomain: 'test.local',
    });
  });
  afterAll(() => t?.close());
  afterEach(async () => {
    await t.db.deleteFrom('email_queue').execute();
  });

  it('claims main before queue, then by template priority, then by age', async () => {
    const lowQueue = await queue.enqueue(t.db, email({ templatePriority: 5 }));
    const oldQueue = await queue.enqueue(t.db, email({ templatePriority: 0 }));
    const newQueue = await queue.enqueue(t.db, email({ templatePriority: 0 }));
    const main = await queue.enqueue(t.db, email({ priority: 'main', templatePriority: 9 }));
    const firstTwo = await queue.claim(2, 'a');
    expect(firstTwo.map((row) => row.id)).toEqual([main, oldQueue]);
    const rest = await queue.claim(10, 'b');
    expect(rest.map((row) => row.id)).toEqual([newQueue, lowQueue]);
  });

  it('hands a claim whose lease ran out to the next claimer, and ignores the late result of the first', async () => {
    const id = await queue.enqueue(t.db, email());
    const [first] = await queue.claim(5, 'dead-process');
    expect(first?.id).toBe(id);
    expect(await queue.claim(5, 'other')).toEqual([]);
    t.time.advance(LEASE + 1);
    const [taken] = await queue.claim(5, 'other');
    expect(taken).toMatchObject({ id, attempts: 2, status: 'processing' });
    expect(await queue.markSent(first!, 'dead-process', SMTP)).toBe(false);
    expect(await queue.markFailed(first!, 'dead-process', 'late', SMTP)).toBe(false);
    expect(await queue.markSent(taken!, 'other', SMTP)).toBe(true);
    const sent = await t.db
      .selectFrom('email_queue')
      .select('via_config')
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
    expect(sent.via_config).toBe('SMTP_URL');
    const attempts = await t.db
      .selectFrom('email_attempts')
      .selectAll()
      .where('email_id', '=', id)
      .orderBy('attempt')
      .execute();
    expect(attempts.map((row) => [row.attempt, row.outcome])).toEqual([
      [1, null],
      [2, 'sent'],
    ]);
  });

  it('keeps a renewed claim', async () => {
    await queue.enqueue(t.db, email());
    const [row] = await queue.claim(5, 'alive');
    t.time.advance(LEASE - 1);
    await queue.renew([row!.id], 'alive');
    t.time.advance(LEASE - 1);
    expect(await queue.claim(5, 'other')).toEqual([]);
  });

  it('puts back what was claimed but not tried, as if never claimed', async () => {
    const id = await queue.enqueue(t.db, email());
    await queue.claim(5, 'stopping');
    await queue.release([id], 'stopping');
    const row = await t.db
      .selectFrom('email_queue')
      .selectAll()
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
    expect(row).toMatchObject({ status: 'pending', attempts: 0, claim_token: null, lease_until: null });
    expect(await t.db.selectFrom('email_attempts').selectAll().where('email_id', '=', id).execute()).toEqual(
      [],
    );
    const [again] = await queue.claim(5, 'next');
    expect(again).toMatchObject({ id, attempts: 1 });
  });

  it('backs off after a failure and fails for good after the last attempt, keeping the body', async () => {
    const id = await queue.enqueue(t.db, email());
    for (let attempt = 1; attempt <= 3; attempt++) {
      const [row] = await queue.claim(5, `try-${attempt}`);
      expect(row?.attempts).toBe(attempt);
      await queue.markFailed(row!, `try-${attempt}`, `refused ${attempt}`, SMTP);
      const stored = await t.db
        .selectFrom('email_queue')
        .selectAll()
        .where('id', '=', id)
        .executeTakeFirstOrThrow();
      expect(stored.status).toBe(attempt < 3 ? 'pending' : 'failed');
      expect(stored.body_text).toBe('Body');
      // Not due again before its back-off.
      expect(await queue.claim(5, 'early')).toEqual([]);
      t.time.advance(3600);
    }
    expect(await queue.claim(5, 'after-last')).toEqual([]);
  });

  it('lets concurrent claimers take disjoint sets', async () => {
    const ids = [];
    for (let i = 0; i < 20; i++) ids.push(await queue.enqueue(t.db, email()));
    const batches = await Promise.all(Array.from({ length: 5 }, (_, i) => queue.claim(6, `c${i}`)));
    const claimed = batches.flat().map((row) => row.id);
    expect(new Set(claimed).size).toBe(claimed.length);
    expect(claimed.sort((a, b) => a - b)).toEqual(ids);
  });
});

describe('the delivery worker', () => {
  let smtp: SmtpSink | undefined;
  let t: TestApp | undefined;
  afterEach(async () => {
    await t?.close();
    await smtp?.close();
  });

  it('sends the same Message-ID on every attempt', async () => {
    smtp = await startSmtpSink({ rejectFirst: 1 });
    t = await createTestApp('pglite', { SMTP_URL: smtp.url });
    const queue = createEmailQueue(t.db, t.time.clock, {
      maxAttempts: 5,
      leaseSeconds: LEASE,
      messageIdDomain: 'x',
    });
    const id = await queue.enqueue(t.db, email({ to: 'mid@pult.test' }));
    const row = await t.db
      .selectFrom('email_queue')
      .select('message_id')
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
    await t.deliverEmails();
    expect(smtp.messages).toHaveLength(0);
    t.time.advance(3600);
    await t.deliverEmails();
    const mail = await smtp.waitFor(1);
    expect(mail.messageId).toBe(row.message_id);
    expect(mail.headers.get('x-pult-queue-id')).toBe(String(id));
    // Two deliveries after building the whole app: generous on a busy machine.
  }, 90_000);

  it('on stop claims nothing more, finishes what it is sending and puts back the rest', async () => {
    smtp = await startSmtpSink({ delayMs: 150 });
    t = await createTestApp('pglite', { SMTP_URL: smtp.url, EMAIL_CONCURRENCY: '2' });
    const queue = createEmailQueue(t.db, t.time.clock, {
      maxAttempts: 5,
      leaseSeconds: LEASE,
      messageIdDomain: 'x',
    });
    for (let i = 0; i < 12; i++) await queue.enqueue(t.db, email({ to: `stop${i}@pult.test` }));
    t.startWorkers();
    await smtp.waitFor(1);
    await t.stopWorkers();
    const rows = await t.db.selectFrom('email_queue').select(['status', 'attempts']).execute();
    const sent = rows.filter((row) => row.status === 'sent').length;
    expect(rows.filter((row) => row.status === 'processing')).toEqual([]);
    expect(sent).toBeGreaterThanOrEqual(1);
    expect(sent).toBeLessThan(12);
    expect(smtp.messages).toHaveLength(sent);
    expect(rows.filter((row) => row.status === 'pending').every((row) => row.attempts === 0)).toBe(true);
  });
});

describe('SMTP delivery outcomes', () => {
  it('classifies nodemailer failures: a 5xx to the envelope or message is permanent, the rest transient', () => {
    const failure = (code: string, responseCode?: number) =>
      Object.assign(new Error('x'), { code, ...(responseCode ? { responseCode } : {}) });
    expect(smtpFailureKind(failure('EENVELOPE', 550))).toEqual({ final: true });
    expect(smtpFailureKind(failure('EENVELOPE', 553))).toEqual({ final: true });
    expect(smtpFailureKind(failure('EMESSAGE', 554))).toEqual({ final: true });
    expect(smtpFailureKind(failure('EENVELOPE', 450))).toEqual({});
    expect(smtpFailureKind(failure('EMESSAGE', 451))).toEqual({});
    // About the relay, not the message: fixed once by the operator for every message waiting.
    expect(smtpFailureKind(failure('EAUTH', 535))).toEqual({});
    expect(smtpFailureKind(failure('ECONNECTION'))).toEqual({});
    expect(smtpFailureKind(failure('ETIMEDOUT'))).toEqual({});
    expect(smtpFailureKind(new Error('socket hang up'))).toEqual({});
    expect(smtpFailureKind('weird')).toEqual({});
  });

  let smtp: SmtpSink | undefined;
  let t: TestApp | undefined;
  afterEach(async () => {
    await t?.close();
    await smtp?.close();
    t = undefined;
    smtp = undefined;
  });

  const rowsOf = async (app: TestApp) =>
    Object.fromEntries(
      (
        await app.db
          .selectFrom('email_queue')
          .select(['email_to', 'status', 'attempts', 'last_error', 'failure_reason', 'next_attempt_at'])
          .execute()
      ).map((row) => [row.email_to, row]),
    );

  it('fails a recipient the server refuses with 550 at once, backs a 450 off, and sends the others', async () => {
    smtp = await startSmtpSink({
      refuseRecipients: {
        'gone@pult.test': { code: 550, text: '5.1.1 Mailbox unavailable' },
        'grey@pult.test': { code: 450, text: '4.2.0 Greylisted, try again later' },
      },
    });
    t = await createTestApp('pglite', { SMTP_URL: smtp.url });
    const queue = createEmailQueue(t.db, t.time.clock, {
      maxAttempts: 5,
      leaseSeconds: LEASE,
      messageIdDomain: 'x',
    });
    for (const to of ['gone@pult.test', 'grey@pult.test', 'fine@pult.test'])
      await queue.enqueue(t.db, email({ to }));
    await t.deliverEmails();
    const rows = await rowsOf(t);
    expect(rows['fine@pult.test']).toMatchObject({ status: 'sent', attempts: 1, failure_reason: null });
    expect(rows['gone@pult.test']).toMatchObject({
      status: 'failed',
      attempts: 1,
      failure_reason: 'rejected',
    });
    expect(rows['gone@pult.test']!.last_error).toMatch(/550.*Mailbox unavailable/);
    expect(rows['grey@pult.test']).toMatchObject({
      status: 'pending',
      attempts: 1,
      failure_reason: 'temporary',
    });
    expect(rows['grey@pult.test']!.last_error).toMatch(/450.*Greylisted/);
    expect(rows['grey@pult.test']!.next_attempt_at.getTime()).toBeGreaterThan(t.time.clock().getTime());
    const attempts = await t.db.selectFrom('email_attempts').select(['outcome', 'failure_reason']).execute();
    expect(
      attempts.filter((attempt) => attempt.outcome === 'failed').map((attempt) => attempt.failure_reason),
    ).toEqual(expect.arrayContaining(['rejected', 'temporary']));

    // Time passing changes nothing for the refused one: it is not tried again.
    t.time.advance(3600);
    await t.deliverEmails();
    expect((await rowsOf(t))['gone@pult.test']).toMatchObject({ status: 'failed', attempts: 1 });
    expect(smtp.messages.map((mail) => mail.messageId)).toHaveLength(1);
  }, 60_000);

  it('fails a message the server refuses with 554 after DATA at once', async () => {
    smtp = await startSmtpSink({ rejectWith: '5.7.1 Message rejected as spam', rejectCode: 554 });
    t = await createTestApp('pglite', { SMTP_URL: smtp.url });
    const queue = createEmailQueue(t.db, t.time.clock, {
      maxAttempts: 5,
      leaseSeconds: LEASE,
      messageIdDomain: 'x',
    });
    await queue.enqueue(t.db, email({ to: 'spam@pult.test' }));
    await t.deliverEmails();
    const row = (await rowsOf(t))['spam@pult.test']!;
    expect(row).toMatchObject({ status: 'failed', attempts: 1, failure_reason: 'rejected' });
    expect(row.last_error).toMatch(/554.*rejected as spam/);
  }, 60_000);

  it('backs off when the server cannot be reached', async () => {
    smtp = await startSmtpSink();
    const closedUrl = smtp.url;
    await smtp.close();
    smtp = undefined;
    t = await createTestApp('pglite', { SMTP_URL: closedUrl });
    const queue = createEmailQueue(t.db, t.time.clock, {
      maxAttempts: 5,
      leaseSeconds: LEASE,
      messageIdDomain: 'x',
    });
    await queue.enqueue(t.db, email({ to: 'later@pult.test' }));
    await t.deliverEmails();
    const row = (await rowsOf(t))['later@pult.test']!;
    expect(row).toMatchObject({ status: 'pending', attempts: 1, failure_reason: 'connection' });
    expect(row.last_error).toMatch(/ECONNREFUSED|connect/i);
  }, 60_000);
});
