import { REFRESH_GRACE_SECONDS, type TokenPair } from '@pult/contract';
import { afterEach, describe, expect, it } from 'vitest';
import {
  challenge,
  codeFor,
  enrolledAdmin,
  secondStep,
  wrongCodes,
} from '../modules/auth/mfa/mfa.test-support.js';
import { createEmailQueue } from '../modules/notification/email-queue.js';
import { createAdmin, renewAdmin, signIn } from '../test/factories.js';
import type { PromExposition } from '../test/prom-text.js';
import { METRICS_TOKEN, scrapeMetrics } from '../test/scrape-metrics.js';
import { type SmtpSink, startSmtpSink } from '../test/smtp-sink.js';
import { createTestApp, type TestApp } from '../test/test-app.js';
import { testDatabaseKinds } from '../test/test-database.js';

/** How far each series moved between two scrapes. */
function movedBetween(before: PromExposition, after: PromExposition) {
  return (name: string, labels: Record<string, string> = {}) =>
    after.value(name, labels) - before.value(name, labels);
}

const signin = (t: TestApp, email: string, password: string) =>
  t.app.inject({ method: 'POST', url: '/auth/admin/signin', payload: { email, password } });

describe('delivery outcomes in /metrics', () => {
  let smtp: SmtpSink | undefined;
  let t: TestApp | undefined;
  afterEach(async () => {
    await t?.close();
    await smtp?.close();
    t = undefined;
    smtp = undefined;
  });

  it('counts an SMTP 550 as failed_permanent, a 450 as retry, and how many attempts settled ones took', async () => {
    smtp = await startSmtpSink({
      refuseRecipients: {
        'gone@pult.test': { code: 550, text: '5.1.1 Mailbox unavailable' },
        'grey@pult.test': { code: 450, text: '4.2.0 Greylisted, try again later' },
      },
    });
    t = await createTestApp('pglite', { SMTP_URL: smtp.url, METRICS_TOKEN });
    const queue = createEmailQueue(t.db, t.time.clock, {
      maxAttempts: 5,
      leaseSeconds: 30,
      messageIdDomain: 'x',
    });
    for (const to of ['gone@pult.test', 'grey@pult.test', 'fine@pult.test'])
      await queue.enqueue(t.db, {
        to,
        templateName: 'metrics-test',
        templatePriority: 0,
        language: 'en-US',
        subject: 'Subject',
        text: 'Body',
        html: null,
        priority: 'queue',
      });
    const before = await scrapeMetrics(t);
    await t.deliverEmails();
    const moved = movedBetween(before, await scrapeMetrics(t));
    const deliveries = (outcome: string) =>
      moved('pult_message_deliveries_total', { channel: 'email', outcome });
    expect(deliveries('failed_permanent')).toBe(1);
    expect(deliveries('retry')).toBe(1);
    expect(deliveries('sent')).toBe(1);
    expect(deliveries('failed_exhausted')).toBe(0);
    // The two that settled (sent, refused for good), each at its first attempt; the retry is not one.
    expect(moved('pult_message_delivery_attempts_count', { channel: 'email' })).toBe(2);
    expect(moved('pult_message_delivery_attempts_bucket', { channel: 'email', le: '1' })).toBe(2);
  }, 60_000);
});

describe.each(testDatabaseKinds())('sign-in and token outcomes in /metrics (%s)', (kind) => {
  let t: TestApp | undefined;
  afterEach(async () => {
    await t?.close();
    t = undefined;
  });

  it('counts a throttled sign-in', async () => {
    t = await createTestApp(kind, { METRICS_TOKEN });
    const { admin } = await createAdmin(t.db);
    for (let i = 0; i < 5; i++) expect((await signin(t, admin.email, 'wrong-guess')).statusCode).toBe(422);
    const before = await scrapeMetrics(t);
    expect((await signin(t, admin.email, 'wrong-guess')).statusCode).toBe(429);
    const moved = movedBetween(before, await scrapeMetrics(t));
    expect(moved('pult_signins_total', { kind: 'admin', outcome: 'throttled' })).toBe(1);
    expect(moved('pult_signins_total', { kind: 'admin', outcome: 'bad_password' })).toBe(0);
  });

  it('counts a rotation, then the reuse of the rotated token', async () => {
    t = await createTestApp(kind, { METRICS_TOKEN });
    const { admin, password } = await createAdmin(t.db);
    const first = await signIn(t, admin.email, password);
    const before = await scrapeMetrics(t);
    expect((await renewAdmin(t, first.refresh_token)).statusCode).toBe(200);
    // The first token again, past the grace that two tabs renewing at once get: a replay, which
    // revokes the sign-in.
    t.time.advance(REFRESH_GRACE_SECONDS + 1);
    expect((await renewAdmin(t, first.refresh_token)).statusCode).toBe(401);
    const moved = movedBetween(before, await scrapeMetrics(t));
    expect(moved('pult_token_refreshes_total', { outcome: 'rotated' })).toBe(1);
    expect(moved('pult_token_refreshes_total', { outcome: 'reused' })).toBe(1);
  });

  it('counts the second step: a challenge, a wrong code, then a right one as success', async () => {
    t = await createTestApp(kind, { METRICS_TOKEN });
    const { admin, password, secret } = await enrolledAdmin(t);
    const before = await scrapeMetrics(t);
    const { mfa_token } = await challenge(t, admin.email, password);
    const [wrong] = wrongCodes(secret, t.time.clock(), 1);
    expect((await secondStep(t, { mfa_token, code: wrong })).statusCode).toBe(422);
    const right = await secondStep(t, { mfa_token, code: codeFor(secret, t.time.clock()) });
    expect(right.statusCode, right.body).toBe(200);
    expect(right.json<TokenPair>().access_token).toBeTruthy();
    const moved = movedBetween(before, await scrapeMetrics(t));
    const signIns = (outcome: string) => moved('pult_signins_total', { kind: 'admin', outcome });
    expect(signIns('mfa_challenge')).toBe(1);
    expect(signIns('mfa_failed')).toBe(1);
    expect(signIns('success')).toBe(1);
  });
});
