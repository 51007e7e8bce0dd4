import type { Readable } from 'node:stream';
import {
  type ImportQuery,
  type ImportReport,
  importQuerySchema,
  importReportSchema,
  permissionResourceOf,
} from '@pult/contract';
import type { FastifyInstance, FastifyReply, FastifyRequest, FastifySchema } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { sql } from 'kysely';
import { accessOf, authorize } from '../../access/request-access.js';
import { access } from '../../access/route-access.js';
import type { Executor } from '../../db/database.js';
import { AppError, errors } from '../../http/app-error.js';
import { requestLocale } from '../../http/locale.js';
import { type AuditSink, auditSinkOf } from '../audit-sink.js';
import { CsvTooLargeError, readCsvRecords } from './csv-file.js';
import { CsvFileError, type CsvRecord } from './csv-parser.js';
import type { RowGuard } from './import-access.js';
import { auditedTarget } from './import-audit.js';
import { ImportRun, type ImportRunOptions } from './import-engine.js';
import { importLimits } from './import-limits.js';
import type { ImportTarget } from './import-target.js';
import { rejectedCsv } from './rejected-csv.js';

/** The media types an import reads as a CSV file (a browser sends a picked `.csv` as either). */
export const IMPORT_MEDIA_TYPES = ['text/csv', 'application/octet-stream'] as const;

/** An `all` commit with a rejected row: the transaction is rolled back, the report answered. */
class RolledBack extends Error {
  constructor(readonly run: ImportRun) {
    super('import rolled back: rejected rows');
  }
}

/**
 * `POST <list>/import?mode=dry-run|commit&onConflict=skip|update|fail&rows=all|valid`: the list's
 * CSV import, beside its export. The body is the file itself, read as a stream (never held whole).
 * It is the resource's `create` action, and `update` too when rows may update records; the grants'
 * conditions and field limits apply row by row. A commit is one transaction: with `rows=all` a
 * single rejected row writes nothing; with `rows=valid` the valid rows are written. `Accept:
 * text/csv` answers the rejected rows as a CSV file (with their reasons) instead of the report.
 */
export async function registerCsvImport(app: FastifyInstance, target: ImportTarget): Promise<void> {
  const { descriptor } = target;
  const audit = auditSinkOf(app);
  await app.register(async (scope) => {
    // Only here is a CSV body accepted, and it reaches the handler as the request's stream.
    for (const type of IMPORT_MEDIA_TYPES) {
      scope.addContentTypeParser(type, (_request, payload, done) => done(null, payload));
    }
    scope.withTypeProvider<ZodTypeProvider>().post(
      `${descriptor.path}/import`,
      {
        // Field limits are checked per row (a create's non-empty cells, an update's changes).
        config: { access: access.to(descriptor, 'create', { fields: null }) },
        schema: {
          querystring: importQuerySchema,
          response: { 200: importReportSchema },
          consumes: [...IMPORT_MEDIA_TYPES],
        } satisfies FastifySchema as FastifySchema,
      },
      async (request, reply) =>
        answerImport(request, reply, { target, audit }, request.query as ImportQuery, (maxBytes) =>
          readCsvRecords(fileStream(request), maxBytes),
        ),
    );
  });
}

/**
 * One import request, whatever the file's format: its limits and grants, the run (a transaction when
 * it commits), the audit entry and the answer. `records` reads the file as CSV records (the first
 * one its header), stopping past `maxBytes`; `detail` adds to the audit entry (a translation file's
 * format).
 */
export async function answerImport(
  request: FastifyRequest,
  reply: FastifyReply,
  { target, audit }: { target: ImportTarget; audit: AuditSink },
  query: ImportQuery,
  records: (maxBytes: number) => Records,
  detail: Record<string, unknown> = {},
): Promise<unknown> {
  const { descriptor } = target;
  const limits = importLimits();
  const declared = Number(request.headers['content-length']);
  if (declared > limits.maxBytes) throw tooLarge(reply, limits.maxBytes);
  // A commit's audit entry lists the changes of the target's audited fields record by record.
  const audited =
    target.auditFields && query.mode === 'commit' ? auditedTarget(target, target.auditFields) : undefined;
  const options: ImportRunOptions = {
    target: audited?.target ?? target,
    query,
    locale: requestLocale(request),
    access: accessOf(request),
    maxRows: limits.maxRows,
    guards: await guardsOf(request, permissionResourceOf(descriptor), query),
    now: () => new Date(),
    keepRejected: wantsCsv(request),
  };
  const run = await runImport(request, reply, options, records(limits.maxBytes), async (executor, report) => {
    await audit.record(
      request,
      {
        action: 'bulk',
        resource: descriptor.name,
        detail: {
          name: 'import',
          file: fileName(request, query),
          onConflict: query.onConflict,
          rows: query.rows,
          ...detail,
          counts: report,
          ...audited?.detail(),
        },
      },
      executor,
    );
  });
  return answer(reply, run.report, run.committed, options.keepRejected);
}

type Records = AsyncIterable<CsvRecord[]>;

/** Runs the import (in a transaction when it commits) and turns a bad file into its 4xx. */
async function runImport(
  request: FastifyRequest,
  reply: FastifyReply,
  options: ImportRunOptions,
  records: Records,
  audited: (executor: Executor, counts: ImportReport['counts']) => Promise<void>,
): Promise<{ report: ReturnType<ImportRun['result']>; committed: boolean }> {
  const { db } = options.target;
  try {
    if (options.query.mode === 'dry-run') {
      const run = new ImportRun(db, options, false);
      await run.run(records);
      return { report: run.result(), committed: false };
    }
    const run = await db.transaction().execute(async (trx) => {
      // Imports of one list take turns: overlapping files would otherwise wait on each other's new
      // keys row by row, in orders that can deadlock. The unique index still decides each key.
      await sql`select pg_advisory_xact_lock(hashtext(${`pult-import:${options.target.descriptor.name}`}))`.execute(
        trx,
      );
      const inner = new ImportRun(trx, options, true);
      await inner.run(records);
      const counts = inner.result().counts;
      if (options.query.rows === 'all' && counts.rejected > 0) throw new RolledBack(inner);
      await inner.finish();
      await audited(trx, counts);
      return inner;
    });
    run.committed();
    return { report: run.result(), committed: true };
  } catch (error) {
    if (error instanceof RolledBack) return { report: error.run.result(), committed: false };
    throw fileError(error, reply, request);
  } finally {
    // A refusal before the end of the body leaves the rest unread: the connection cannot be reused.
    if (!request.raw.complete) reply.header('connection', 'close');
  }
}

/** A file the import cannot read is the client's fault, never a 500: 413 or 422 naming the line. */
function fileError(error: unknown, reply: FastifyReply, _request: FastifyRequest): unknown {
  if (error instanceof CsvTooLargeError) return tooLarge(reply, error.maxBytes);
  if (error instanceof CsvFileError) return errors.unprocessable(error.fault, { line: error.line });
  return error;
}

function tooLarge(reply: FastifyReply, maxBytes: number): AppError {
  reply.header('connection', 'close');
  return new AppError(413, {
    kind: 'message',
    text: { key: 'importTooLarge', params: { max: Math.round((maxBytes / 1024 / 1024) * 10) / 10 } },
  });
}

/** The grants rows are judged by: `create` (the route's), and `update` when rows may update. */
async function guardsOf(
  request: FastifyRequest,
  resource: string,
  query: ImportQuery,
): Promise<{ create?: RowGuard; update?: RowGuard }> {
  const access = accessOf(request);
  const kindOf = access.catalogue.kindOf(resource);
  const guard = (decision: RowGuard['decision']): RowGuard => ({ decision, actor: access.actor, kindOf });
  const create = access.decision ? guard(access.decision) : undefined;
  if (query.onConflict !== 'update') return create ? { create } : {};
  const update = guard(await authorize(request, resource, 'update'));
  return create ? { create, update } : { update };
}

/** The body as the CSV parser registered here left it: a stream; any other parsed body is not a file. */
export function fileStream(request: FastifyRequest): Readable {
  const body = request.body as Partial<Readable> | null | undefined;
  if (typeof body?.[Symbol.asyncIterator] !== 'function') {
    throw new AppError(415, { kind: 'message', text: { key: 'importMediaType' } });
  }
  return body as Readable;
}

function wantsCsv(request: FastifyRequest): boolean {
  return /\btext\/csv\b/.test(request.headers.accept ?? '');
}

function answer(
  reply: FastifyReply,
  report: ReturnType<ImportRun['result']>,
  committed: boolean,
  csv: boolean,
): unknown {
  const body = report.builder.finish(committed);
  if (!csv) return body;
  return reply
    .header('content-type', 'text/csv; charset=utf-8')
    .header('content-disposition', 'attachment; filename="rejected-rows.csv"')
    .header('x-import-committed', String(committed))
    .header('x-import-counts', JSON.stringify(body.counts))
    .send(Buffer.from(rejectedCsv(report.header, report.builder.rejectedLines, report.locale)));
}

/** The file's name for the audit log: the query's, or the `Content-Disposition` header's. */
function fileName(request: FastifyRequest, query: ImportQuery): string | null {
  if (query.filename) return query.filename;
  const disposition = request.headers['content-disposition'] ?? '';
  const match = /filename\*?=(?:UTF-8'')?"?([^";]+)"?/i.exec(disposition);
  if (!match?.[1]) return null;
  try {
    return decodeURIComponent(match[1]).slice(0, 255);
  } catch {
    return match[1].slice(0, 255);
  }
}
