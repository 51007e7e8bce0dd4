import type { FastifyReply, FastifyRequest } from 'fastify';
import { AppError } from '../../../http/app-error.js';
import { metrics } from '../../../metrics/metrics.js';
import {
  type FileService,
  fieldError,
  type StagedUpload,
  type Uploader,
  type UploadFields,
} from './file-service.js';
import type { FileWithBucket } from './file-source.js';
import { createUploadBody, type UploadBody } from './upload-body.js';

const FIELDS = new Set<keyof UploadFields>(['bucket', 'path', 'owner_uid']);
/** A refused upload's remaining bytes are read and dropped up to this much; past it the connection is closed. */
const DRAIN_CAP = 64 * 1024 * 1024;
/** The plugin's own ceiling per file; the bucket's limit is enforced below it, while streaming. */
export const MULTIPART_LIMITS = {
  fields: 10,
  fieldSize: 8 * 1024,
  files: 1,
  parts: 20,
  headerPairs: 100,
  fileSize: 10_240 * 1024 * 1024 + 1,
};

const PARSER_ERRORS: Record<string, AppError> = {
  FST_INVALID_MULTIPART_CONTENT_TYPE: new AppError(415, {
    kind: 'message',
    text: { key: 'multipartExpected' },
  }),
  FST_FILES_LIMIT: fieldError('file', 'tooManyFiles'),
  FST_PARTS_LIMIT: new AppError(422, { kind: 'message', text: { key: 'malformedMultipart' } }),
  FST_FIELDS_LIMIT: new AppError(422, { kind: 'message', text: { key: 'malformedMultipart' } }),
};

function parserError(error: unknown): AppError {
  const code = (error as { code?: unknown }).code;
  return (
    (typeof code === 'string' && PARSER_ERRORS[code]) ||
    new AppError(400, { kind: 'message', text: { key: 'malformedMultipart' } })
  );
}

/**
 * Reads `POST …/files` (multipart: the fields `bucket`, `path` and, for administrators and services,
 * `owner_uid`, then one file) and stores it through the file service. Fields must come first: the
 * bucket's rules are checked before a single byte of the file is stored.
 */
export async function receiveUpload(
  request: FastifyRequest,
  reply: FastifyReply,
  uploader: Uploader,
  files: FileService,
): Promise<FileWithBucket> {
  try {
    const stored = await storeUpload(request, reply, uploader, files);
    metrics.upload('stored', Number(stored.size) || 0);
    return stored;
  } catch (error) {
    const status = (error as { statusCode?: unknown } | undefined)?.statusCode;
    metrics.upload(typeof status === 'number' && status < 500 ? 'refused' : 'failed');
    throw error;
  }
}

async function storeUpload(
  request: FastifyRequest,
  reply: FastifyReply,
  uploader: Uploader,
  files: FileService,
): Promise<FileWithBucket> {
  if (!request.isMultipart()) throw PARSER_ERRORS.FST_INVALID_MULTIPART_CONTENT_TYPE!;
  const fields: UploadFields = {};
  const parts = request.parts({ limits: MULTIPART_LIMITS });
  let body: UploadBody | undefined;
  let staged: StagedUpload | undefined;
  try {
    for (;;) {
      let step: IteratorResult<Awaited<ReturnType<typeof parts.next>>['value']>;
      try {
        step = await parts.next();
      } catch (error) {
        throw parserError(error);
      }
      if (step.done) break;
      const part = step.value;
      if (part.type === 'field') {
        if (!FIELDS.has(part.fieldname as keyof UploadFields))
          throw fieldError(part.fieldname, 'unknownField');
        fields[part.fieldname as keyof UploadFields] = String(part.value);
        continue;
      }
      body = createUploadBody(part.file);
      if (part.fieldname !== 'file') throw fieldError(part.fieldname, 'unknownField');
      const target = await files.resolveTarget(uploader, fields, part.filename);
      staged = await files.stage(target, body);
      body = undefined;
    }
  } catch (error) {
    if (staged) await files.discard(staged);
    if (body && !(await body.drain(DRAIN_CAP))) reply.header('connection', 'close');
    // A client that went away gets no answer; what it sent has been cleaned up above.
    if (request.raw.destroyed && !(error instanceof AppError)) throw parserError(error);
    throw error;
  }
  if (!staged) throw fieldError('file', 'fileRequired');
  return files.commit(staged);
}
