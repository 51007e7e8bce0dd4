import { Readable } from 'node:stream';
import { sql } from 'kysely';
import type { Db } from '../../../db/database.js';
import type { FileService } from '../files/file-service.js';
import { createUploadBody } from '../files/upload-body.js';
import type { createIngest } from '../logs/ingest.js';
import { gradientPng } from './demo-content.js';

export interface StorageReportDemoDeps {
  db: Db;
  files: FileService;
  ingest: ReturnType<typeof createIngest>;
}

/**
 * What the Storage and Errors reports show on the demo: the demo files added over the last three
 * weeks, uploads refused by each kind of rule (through the file service, so they are counted as real
 * ones are), and error groups resolved after a few hours, one of which comes back.
 */
export async function seedStorageReportDemo(deps: StorageReportDemoDeps): Promise<void> {
  const { db, files } = deps;
  await sql`update storage_files set created_at = now() - (id % 6) * interval '4 days' - interval '3 hours'`.execute(
    db,
  );
  const attempts: [string, string, Buffer][] = [
    ['avatars', 'scans/passport.pdf', Buffer.from('%PDF-1.4\n')],
    ['documents', 'tools/setup.exe', Buffer.from('MZ')],
    ['documents', 'notes/photo.txt', gradientPng(16, 16, [0, 0, 0], [255, 255, 255])],
  ];
  for (const [bucket, path, content] of attempts) {
    try {
      const target = await files.resolveTarget({ kind: 'service' }, { bucket, path }, path);
      await files.discard(await files.stage(target, createUploadBody(Readable.from([content]))));
    } catch {
      // Refused, as intended: the refusal is what the report counts.
    }
  }

  // Triage: the lost connection was fixed within hours; the feed's 502 was resolved, then came back.
  await sql`update storage_error_groups set status = 'resolved', resolved_at = least(first_seen + interval '5 hours', now())
    where message like 'Database connection lost%' or message like 'NetworkError%'`.execute(db);
  const trace = 'at FeedRepository.load (feed/FeedRepository.kt:71)';
  const message = 'NetworkError: request to /api/feed failed with status 502';
  await deps.ingest.errors([
    {
      level: 'error',
      message,
      service: 'mobile-app',
      environment: 'production',
      trace_log: `${message}\n    ${trace}\n    at processTicksAndRejections (node:internal/process/task_queues:95:5)`,
    },
  ]);
}
