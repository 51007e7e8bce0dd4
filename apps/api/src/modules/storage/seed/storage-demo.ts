import { Readable } from 'node:stream';
import type { BucketCreate, LogEntryInput } from '@pult/contract';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../../db/database.js';
import type { UserDirectory } from '../../auth/index.js';
import type { FileService } from '../files/file-service.js';
import { createUploadBody } from '../files/upload-body.js';
import type { createIngest } from '../logs/ingest.js';
import { gradientPng, simplePdf } from './demo-content.js';
import { seedStorageReportDemo } from './report-demo.js';

export interface StorageDemoDeps {
  db: Db;
  files: FileService;
  ingest: ReturnType<typeof createIngest>;
  directory: UserDirectory;
  logger: FastifyBaseLogger;
}

const BUCKETS: BucketCreate[] = [
  {
    name: 'avatars',
    access: 'public',
    size_limit_mb: 5,
    presign_expiry_seconds: 3600,
    allowed_extensions: ['png', 'jpg', 'jpeg', 'webp', 'gif'],
    allowed_mimes: ['image/*'],
    groups: [],
  },
  {
    name: 'documents',
    access: 'private',
    size_limit_mb: 25,
    presign_expiry_seconds: 900,
    allowed_extensions: ['pdf', 'txt', 'csv', 'md'],
    allowed_mimes: ['application/pdf', 'text/*'],
    groups: ['staff'],
  },
];

const SERVICES = ['web', 'mobile-app', 'billing', 'notifier'] as const;
const ENVIRONMENTS = ['production', 'production', 'production', 'staging'] as const;
const LOG_MESSAGES = [
  ['info', 'User signed in'],
  ['info', 'Order {n} paid'],
  ['debug', 'Cache miss for key profile:{n}'],
  ['info', 'Push notification delivered to device {n}'],
  ['warn', 'Slow query: {n} ms'],
  ['warn', 'Retrying payment provider call (attempt {n})'],
  ['error', 'Upload to bucket avatars failed: timeout after {n} ms'],
  ['info', 'Файл звіту сформовано ({n} рядків)'],
] as const;
const ERRORS = [
  [
    'web',
    'error',
    "TypeError: Cannot read properties of undefined (reading 'email')",
    'at renderProfile (src/profile/view.tsx:42:17)',
  ],
  [
    'billing',
    'error',
    'Payment {n} declined: insufficient funds',
    'at chargeCard (src/billing/charge.ts:88:11)',
  ],
  [
    'billing',
    'fatal',
    'Database connection lost after {n} retries',
    'at Pool.connect (node_modules/pg-pool/index.js:45:11)',
  ],
  [
    'mobile-app',
    'error',
    'NetworkError: request to /api/feed failed with status 502',
    'at FeedRepository.load (feed/FeedRepository.kt:71)',
  ],
  [
    'notifier',
    'warn',
    'SMTP server responded 451 for message {n}',
    'at SmtpTransport.send (src/smtp.ts:130:9)',
  ],
  [
    'web',
    'error',
    'Помилка валідації форми: поле phone ({n})',
    'at validateForm (src/forms/validate.ts:12:5)',
  ],
] as const;

/** A small, fixed pseudo-random sequence, so every fresh demo looks the same. */
function sequence(seed: number) {
  let state = seed;
  return () => {
    state = (state * 1_103_515_245 + 12_345) % 2_147_483_648;
    return state / 2_147_483_648;
  };
}

/**
 * Demo content on first start: two buckets with a few real files (images, a PDF, text), a few
 * hundred logs and errors across services, environments and levels, one error group resolved.
 * Runs only while there is no bucket, so a restart or an administrator's own data is never touched.
 */
export async function seedStorageDemo(deps: StorageDemoDeps): Promise<void> {
  const { db } = deps;
  const existing = await db.selectFrom('storage_buckets').select('id').limit(1).executeTakeFirst();
  if (existing) return;
  const inserted = await db
    .insertInto('storage_buckets')
    .values(BUCKETS.map((bucket) => ({ ...bucket, created_at: new Date(), updated_at: new Date() })))
    .onConflict((oc) => oc.doNothing())
    .returning('id')
    .execute();
  // Another process seeding at the same moment got there first.
  if (inserted.length < BUCKETS.length) return;

  const owners = await Promise.all([1, 2, 3].map((id) => deps.directory.byId(id)));
  const ownerUid = (index: number) => owners[index]?.uid ?? null;
  const files: [string, string, Buffer, string | null][] = [
    ['avatars', 'users/olena.png', gradientPng(160, 160, [25, 118, 210], [255, 160, 0]), ownerUid(0)],
    ['avatars', 'users/andrii.png', gradientPng(160, 160, [66, 66, 66], [76, 175, 80]), ownerUid(1)],
    ['avatars', 'banners/весна-2026.png', gradientPng(480, 160, [233, 30, 99], [255, 235, 59]), null],
    [
      'documents',
      'reports/2026/november-report.pdf',
      simplePdf(['Pult - monthly report', 'November 2026', 'Active users: 200', 'Files stored: 6']),
      ownerUid(2),
    ],
    [
      'documents',
      'notes/нотатки.md',
      Buffer.from('# Нотатки\n\n- Перевірити квоти бакетів\n- Оновити шаблони листів\n'),
      ownerUid(0),
    ],
    [
      'documents',
      'exports/users.csv',
      Buffer.from('uid,email,status\n1,olena@pult.local,active\n2,andrii@pult.local,locked\n'),
      null,
    ],
  ];
  for (const [bucket, path, content, owner] of files) {
    const target = await deps.files.resolveTarget(
      { kind: 'service' },
      { bucket, path, ...(owner ? { owner_uid: owner } : {}) },
      path,
    );
    await deps.files.commit(await deps.files.stage(target, createUploadBody(Readable.from([content]))));
  }

  const random = sequence(2026);
  const pick = <T>(items: readonly T[]) => items[Math.floor(random() * items.length)] as T;
  const now = Date.now();
  const minutesAgo = () => new Date(now - Math.floor(random() * 7 * 24 * 60) * 60_000).toISOString();
  const fill = (text: string) => text.replace('{n}', String(Math.floor(random() * 9000) + 100));

  const logs: LogEntryInput[] = Array.from({ length: 300 }, () => {
    const [level, message] = pick(LOG_MESSAGES);
    return {
      level,
      message: fill(message),
      service: pick(SERVICES),
      environment: pick(ENVIRONMENTS),
      created_at: minutesAgo(),
      context: {
        request_id: Math.floor(random() * 1e9).toString(16),
        duration_ms: Math.floor(random() * 900),
      },
    };
  });
  await deps.ingest.logs(logs);

  const errors: LogEntryInput[] = Array.from({ length: 150 }, (_, index) => {
    const [service, level, message, frame] =
      ERRORS[index % 3 === 0 ? 0 : Math.floor(random() * ERRORS.length)]!;
    return {
      level,
      message: fill(message),
      service,
      environment: pick(ENVIRONMENTS),
      created_at: minutesAgo(),
      trace_log: `${fill(message)}\n    ${frame}\n    at processTicksAndRejections (node:internal/process/task_queues:95:5)`,
      context: {
        user_id: Math.floor(random() * 200) + 1,
        path: '/api/v1/orders',
        headers: { 'user-agent': 'PultApp/2.3' },
      },
    };
  });
  await deps.ingest.errors(errors);
  // The notifier's SMTP warning was looked into already.
  await db
    .updateTable('storage_error_groups')
    .set({ status: 'resolved', resolved_at: new Date() })
    .where('level', '=', 'warn')
    .execute();
  await seedStorageReportDemo(deps);
  deps.logger.info('Demo data seeded: 2 buckets, 6 files, 300 logs, 150 errors');
}
