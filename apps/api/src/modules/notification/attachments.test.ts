import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { simpleParser } from 'mailparser';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { REPORT_DELIVERY_TEMPLATE, type TemplatedEmail } from '../../mail/mailer.js';
import { adminHeaders } from '../../test/factories.js';
import { type SmtpSink, startSmtpSink } from '../../test/smtp-sink.js';
import { createTestApp, type TestApp } from '../../test/test-app.js';
import { testDatabaseKinds } from '../../test/test-database.js';
import { createEmailQueue } from './email-queue.js';
import { composeAndQueue } from './send/compose.js';

const TABLE =
  '<table class="data"><tr><th>Day</th><th>Sent</th></tr><tr><td>2026-11-02</td><td>42</td></tr></table>';
const CSV = '\uFEFFBy outcome\r\nDay,Sent\r\n2026-11-02,42\r\nTotal,42\r\n';

/** A scheduled report's e-mail as the scheduler queues it: the seeded template, a table and a CSV. */
const reportEmail: TemplatedEmail = {
  template: REPORT_DELIVERY_TEMPLATE,
  to: 'boss@pult.test',
  language: 'en-US',
  priority: 'queue',
  variables: {
    company: 'Pult',
    reportName: '<b>Weekly</b> & co',
    report: 'Delivery',
    period: '2026-11-02 – 2026-11-08, Europe/Kyiv',
    schedule: 'every Monday at 09:00',
    link: 'http://panel.test/reports/delivery?preset=last-7-days',
  },
  html: { table: TABLE },
  attachments: [{ filename: 'delivery.csv', contentType: 'text/csv; charset=utf-8', content: CSV }],
};

const queueOf = (t: TestApp) =>
  createEmailQueue(t.db, t.time.clock, { maxAttempts: 3, leaseSeconds: 60, messageIdDomain: 'pult.test' });

describe.each(testDatabaseKinds())('an e-mail with attachments and server-made HTML on %s', (kind) => {
  let t: TestApp;
  let smtp: SmtpSink;
  beforeAll(async () => {
    smtp = await startSmtpSink();
    t = await createTestApp(kind, { SMTP_URL: smtp.url });
  });
  afterAll(async () => {
    await t?.close();
    await smtp?.close();
  });

  it('arrives with the CSV attached and the table as it was made, while variables stay escaped', async () => {
    const id = await composeAndQueue(t.db, queueOf(t), reportEmail);
    const detail = await t.app.inject({
      method: 'GET',
      url: `/notification/api/v1/admin/email-queue/${id}`,
      headers: await adminHeaders(t),
    });
    expect(detail.json().attachments).toEqual([
      { filename: 'delivery.csv', content_type: 'text/csv; charset=utf-8', size: Buffer.byteLength(CSV) },
    ]);
    expect(detail.body).not.toContain('2026-11-02,42');
    // Not marked private (a scheduled report's are): the queue shows its body.
    expect(detail.json()).toMatchObject({ body_withheld: false });
    expect(detail.json().body_html).toContain(TABLE);

    await t.deliverEmails();
    const mail = await smtp.waitFor(1);
    expect(mail.subject).toBe('Pult: report “<b>Weekly</b> & co”, 2026-11-02 – 2026-11-08, Europe/Kyiv');
    expect(mail.html).toContain(TABLE);
    expect(mail.html).toContain('The report “&lt;b&gt;Weekly&lt;/b&gt; &amp; co” (Delivery)');
    expect(mail.text).toContain('2026-11-02   42');
    expect(mail.text).not.toContain('<table');
    expect(mail.attachments).toHaveLength(1);
    expect(mail.attachments[0]).toMatchObject({ filename: 'delivery.csv', contentType: 'text/csv' });
    expect(mail.attachments[0]?.content.toString('utf8')).toBe(CSV);

    const row = await t.db
      .selectFrom('email_queue')
      .select(['status', 'body_html', 'attachments'])
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
    expect(row).toEqual({ status: 'sent', body_html: null, attachments: null });
  });

  it('seeds the report-delivery template, whose sample table previews as a table', async () => {
    const headers = await adminHeaders(t);
    const base = '/notification/api/v1/admin/templates';
    const list = await t.app.inject({ method: 'GET', url: `${base}?filter[name]=report-delivery`, headers });
    const [seeded] = list.json().items;
    expect(seeded).toMatchObject({ name: REPORT_DELIVERY_TEMPLATE, is_system: true, type: 'email' });
    const preview = await t.app.inject({
      method: 'POST',
      url: `${base}/preview`,
      headers,
      payload: {
        name: seeded.name,
        type: 'email',
        subject: seeded.subject,
        content: seeded.content,
        sample_variables: seeded.sample_variables,
      },
    });
    expect(preview.json().missingVariables).toEqual([]);
    const [uk, en] = preview.json().renders;
    expect(en.message.html).toContain(seeded.sample_variables.table);
    expect(en.message.html).toContain('an administrator put your address on the list of its recipients');
    expect(uk.message.html).toContain('Ті самі дані додано до листа файлом CSV');
  });

  it('refuses attachments of more than 2 MB together, queuing nothing', async () => {
    const half = { filename: 'a.csv', contentType: 'text/csv', content: 'x'.repeat(1024 * 1024 + 1) };
    await expect(
      composeAndQueue(t.db, queueOf(t), { ...reportEmail, attachments: [half, half] }),
    ).rejects.toMatchObject({
      statusCode: 422,
      body: { kind: 'fields', fields: { attachments: [{ key: 'attachmentsTooLarge', params: { max: 2 } }] } },
    });
  });
});

describe('an e-mail with an attachment and no SMTP server', () => {
  it('keeps the attachment in the outbox file', async () => {
    const t = await createTestApp('pglite');
    try {
      await composeAndQueue(t.db, queueOf(t), reportEmail);
      expect(await t.deliverEmails()).toBe(1);
      const outbox = path.join(t.dataDir, 'outbox');
      const [file] = await readdir(outbox);
      const mail = await simpleParser(await readFile(path.join(outbox, file ?? '')));
      expect(mail.attachments.map((attachment) => attachment.filename)).toEqual(['delivery.csv']);
    } finally {
      await t.close();
    }
  });
});
