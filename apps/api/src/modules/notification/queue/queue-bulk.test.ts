import type { BulkResult } from '@pult/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminHeaders, createTemplate } from '../../../test/factories.js';
import { type SmtpSink, startSmtpSink } from '../../../test/smtp-sink.js';
import { createTestApp, type TestApp } from '../../../test/test-app.js';
import { testDatabaseKinds } from '../../../test/test-database.js';

/** Bulk retry and cancel on the e-mail queue: the single e-mail's rule for each row, counted by reason. */
describe.each(testDatabaseKinds())('e-mail queue bulk actions on %s', (kind) => {
  let t: TestApp;
  let smtp: SmtpSink;
  let headers: Record<string, string>;

  beforeAll(async () => {
    smtp = await startSmtpSink();
    t = await createTestApp(kind, { SMTP_URL: smtp.url, EMAIL_MAX_ATTEMPTS: '1' });
    headers = await adminHeaders(t);
    await createTemplate(t.db, { name: 'bulk-test' });
  });
  afterAll(async () => {
    await t?.close();
    await smtp?.close();
  });

  const enqueueTo = async (to: string) => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/notification/api/v1/send',
      headers,
      payload: { template: 'bulk-test', to, variables: { name: 'B' } },
    });
    expect(response.statusCode, response.body).toBe(202);
    return response.json<{ id: number }>().id;
  };
  const bulk = (payload: object) =>
    t.app.inject({ method: 'POST', url: '/notification/api/v1/admin/email-queue/bulk', headers, payload });
  const statusOf = async (id: number) =>
    (await t.db.selectFrom('email_queue').select('status').where('id', '=', id).executeTakeFirstOrThrow())
      .status;

  it('retries the failed ones, skips the sent, and cancels only the pending', async () => {
    smtp.rejectNext(2);
    const failedA = await enqueueTo('bulk-fail-a@pult.test');
    const failedB = await enqueueTo('bulk-fail-b@pult.test');
    await t.deliverEmails();
    const sent = await enqueueTo('bulk-sent@pult.test');
    await t.deliverEmails();
    expect([await statusOf(failedA), await statusOf(failedB), await statusOf(sent)]).toEqual([
      'failed',
      'failed',
      'sent',
    ]);

    const retry = await bulk({ action: 'retry', ids: [failedA, failedB, sent] });
    expect(retry.statusCode, retry.body).toBe(200);
    expect(retry.json<BulkResult>()).toEqual({
      updated: 2,
      skipped: [{ reason: 'bulkNotRetryable', text: 'not failed or cancelled', count: 1 }],
      next: null,
    });
    expect(await statusOf(failedA)).toBe('pending');

    const cancel = await bulk({ action: 'cancel', filter: { 'filter[email_to]': 'bulk-' } });
    expect(cancel.json<BulkResult>()).toEqual({
      updated: 2,
      skipped: [{ reason: 'bulkNotCancellable', text: 'not pending', count: 1 }],
      next: null,
    });
    expect([await statusOf(failedA), await statusOf(failedB), await statusOf(sent)]).toEqual([
      'cancelled',
      'cancelled',
      'sent',
    ]);
  });
});
