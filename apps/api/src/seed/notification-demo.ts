import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import type { Executor } from '../db/database.js';

/** A few templates, translations and queue entries, so the Notifications screens show a working pipeline. */
const TRANSLATIONS = [
  {
    group: 'welcome',
    key: 'subject',
    texts: { 'uk-UA': 'Ласкаво просимо до {company}', 'en-US': 'Welcome to {company}' },
  },
  {
    group: 'welcome',
    key: 'greeting',
    texts: { 'uk-UA': 'Вітаємо, {first_name}!', 'en-US': 'Hello, {first_name}!' },
  },
  {
    group: 'welcome',
    key: 'body',
    texts: {
      'uk-UA': 'Ваш обліковий запис створено. Увійдіть, щоб почати.',
      'en-US': 'Your account is ready. Sign in to get started.',
    },
  },
  {
    group: 'orders',
    key: 'shipped',
    texts: { 'uk-UA': 'Замовлення {order} відправлено', 'en-US': 'Order {order} has shipped' },
  },
  { group: 'orders', key: 'tracking', texts: { 'uk-UA': 'Номер для відстеження: {tracking}' } },
];

const TEMPLATES = [
  {
    name: 'welcome',
    subject: '{t:welcome.subject}',
    content: '<h2>{t:welcome.greeting}</h2>\n<p>{t:welcome.body}</p>\n<p><a href="{link}">{link}</a></p>',
    priority: 2,
    sample_variables: { company: 'Pult', first_name: 'Олена', link: 'https://pult.example/signin' },
  },
  {
    name: 'order-shipped',
    subject: '{t:orders.shipped}',
    content: '<p>{t:orders.shipped}.</p>\n<p>{t:orders.tracking}</p>',
    priority: 5,
    sample_variables: { order: 'A-1024', tracking: '20450000123456' },
  },
];

const RECIPIENTS = [
  'olena.koval@example.com',
  'taras.bondar@example.com',
  'iryna.melnyk@example.com',
  'andrii.shevchuk@example.com',
];

/**
 * The failures' classes with the error each would have left (the Delivery report ranks them), and
 * whether the message was retried until its attempts ran out; refusals fail at once.
 */
const FAILURES = [
  { reason: 'rejected', error: '550 5.1.1 Mailbox does not exist', exhausted: false },
  { reason: 'temporary', error: '451 4.7.1 Greylisted, try again later', exhausted: true },
  { reason: 'rejected', error: '552 5.2.2 Mailbox full', exhausted: false },
  { reason: 'connection', error: 'Connection timeout', exhausted: true },
  { reason: 'rejected', error: '550 5.7.1 Rejected as spam', exhausted: false },
  { reason: 'auth', error: 'Invalid login: 535 5.7.8 Authentication failed', exhausted: true },
] as const;
/** Seconds from queued to sent: most go out at once, some wait for a retry (the report's p50 and p95). */
const LATENCIES = [2, 3, 2, 8, 45, 3, 240, 2, 1500];

export async function seedNotificationDemo(db: Executor, now: Date): Promise<number> {
  for (const entry of TRANSLATIONS) {
    await db
      .insertInto('notification_translations')
      .values({ group_name: entry.group, key_name: entry.key, texts: JSON.stringify(entry.texts) })
      .execute();
  }
  for (const template of TEMPLATES) {
    await db
      .insertInto('notification_templates')
      .values({ ...template, type: 'email', sample_variables: JSON.stringify(template.sample_variables) })
      .execute();
  }
  const mailpit = await seedConfigs(db);
  // History only: sent e-mails (bodies cleared, as after delivery) and a few that failed for good,
  // most through the local SMTP configuration (when it was the default), a quarter to the outbox.
  const rows = Array.from({ length: 36 }, (_, index) => {
    const created = new Date(now.getTime() - (index + 1) * 3 * 3600_000);
    const failure = index % 6 === 4 ? FAILURES[Math.floor(index / 6) % FAILURES.length] : undefined;
    const failed = failure !== undefined;
    const template = TEMPLATES[index % TEMPLATES.length] as (typeof TEMPLATES)[number];
    return {
      email_to: RECIPIENTS[index % RECIPIENTS.length] as string,
      template_name: template.name,
      template_priority: template.priority,
      language: index % 3 === 0 ? ('en-US' as const) : ('uk-UA' as const),
      message_id: `<${randomUUID()}@pult.local>`,
      subject:
        template.name === 'welcome' ? 'Ласкаво просимо до Pult' : `Замовлення A-${1000 + index} відправлено`,
      body_text: failed ? 'Замовлення відправлено.' : null,
      body_html: failed ? '<p>Замовлення відправлено.</p>' : null,
      priority: index % 5 === 0 ? ('main' as const) : ('queue' as const),
      status: failed ? ('failed' as const) : ('sent' as const),
      attempts: failure?.exhausted ? 5 : 1,
      max_attempts: 5,
      last_error: failure?.error ?? null,
      failure_reason: failure?.reason ?? null,
      via_config: index % 4 === 3 ? 'outbox' : `smtp:${mailpit}`,
      next_attempt_at: created,
      sent_at: failed
        ? null
        : new Date(created.getTime() + (LATENCIES[index % LATENCIES.length] ?? 2) * 1000),
      created_at: created,
      updated_at: created,
    };
  });
  await db.insertInto('email_queue').values(rows).execute();
  // Their attempt logs: one accepted attempt each, or refusals a back-off apart.
  await sql`insert into email_attempts (email_id, attempt, started_at, finished_at, outcome, error, failure_reason, channel)
    select q.id, n, q.created_at + (n - 1) * interval '10 minutes' + interval '1 second',
      q.created_at + (n - 1) * interval '10 minutes' + interval '2 seconds',
      case when q.status = 'sent' then 'sent' else 'failed' end, q.last_error, q.failure_reason,
      case when q.via_config = 'outbox' then 'outbox' else 'smtp-config:Mailpit (local)' end
    from email_queue q, generate_series(1, q.attempts) as n`.execute(db);
  return rows.length;
}

/**
 * Configurations to look at, without secrets (the seed has no key to seal them with) and with no
 * default SMTP one, so the demo's mail keeps going to the outbox. Returns the local SMTP one's id.
 */
async function seedConfigs(db: Executor): Promise<number> {
  const [mailpit] = await db
    .insertInto('smtp_configs')
    .values([
      {
        name: 'Mailpit (local)',
        host: 'localhost',
        port: 1025,
        username: null,
        password_encrypted: null,
        encryption: 'none',
        from_address: 'no-reply@pult.local',
        from_name: 'Pult',
        config_json: JSON.stringify({ helo_name: 'pult.local' }),
      },
      {
        name: 'Production relay',
        host: 'smtp.example.com',
        port: 587,
        username: 'pult',
        password_encrypted: null,
        encryption: 'tls',
        from_address: 'no-reply@example.com',
        from_name: 'Pult',
        is_active: false,
        config_json: '{}',
      },
    ])
    .returning('id')
    .execute();
  await db
    .insertInto('sms_configs')
    .values([
      {
        name: 'Twilio',
        provider: 'twilio',
        api_key: 'AC0123456789abcdef0123456789abcdef',
        from_number: '+380441234567',
        is_default: true,
        config_json: '{}',
      },
      {
        name: 'AWS SNS (Frankfurt)',
        provider: 'aws_sns',
        api_key: 'AKIAEXAMPLE',
        from_number: null,
        config_json: JSON.stringify({ region: 'eu-central-1', sms_type: 'Transactional' }),
      },
    ])
    .execute();
  await db
    .insertInto('push_configs')
    .values([
      { name: 'Firebase', provider: 'fcm', app_id: 'pult-demo', is_default: true, config_json: '{}' },
      {
        name: 'Apple Push',
        provider: 'apns',
        app_id: 'ua.pult.app',
        config_json: JSON.stringify({ key_id: 'ABC123DEFG', team_id: 'TEAM123456' }),
      },
    ])
    .execute();
  return mailpit?.id ?? 0;
}
