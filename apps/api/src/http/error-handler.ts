import { isMessageKey, type Locale, type MessageKey, translateMessage } from '@pult/contract';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import {
  hasZodFastifySchemaValidationErrors,
  type ZodFastifySchemaValidationError,
} from 'fastify-type-provider-zod';
import { BusyError } from '../lib/slot-pool.js';
import { AppError, type ErrorText, errors } from './app-error.js';
import { requestLocale } from './locale.js';

/** Fastify's own client errors, mapped onto the contract's texts. */
const FASTIFY_CLIENT_ERRORS: Record<string, { status: number; key: MessageKey }> = {
  FST_ERR_CTP_INVALID_JSON_BODY: { status: 400, key: 'malformedJson' },
  FST_ERR_CTP_EMPTY_JSON_BODY: { status: 400, key: 'malformedJson' },
  FST_ERR_CTP_BODY_TOO_LARGE: { status: 413, key: 'bodyTooLarge' },
  FST_ERR_CTP_INVALID_MEDIA_TYPE: { status: 415, key: 'unsupportedMediaType' },
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: { status: 400, key: 'malformedJson' },
};

/** Every error leaves in one of the shapes of ARCHITECTURE.md; only real faults are 500s. */
export function registerErrorHandling(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    const locale = requestLocale(request);
    if (error instanceof AppError) return sendAppError(error, locale, request, reply);
    if (error instanceof BusyError) {
      return sendAppError(errors.unavailable('serverBusy', error.retryAfterSeconds), locale, request, reply);
    }
    if (isUnstorableText(error)) {
      return reply.status(422).send({ message: translateMessage('invalidValue', locale) });
    }
    if (hasZodFastifySchemaValidationErrors(error)) {
      return reply.status(422).send({ message: validationMessage(error.validation, locale) });
    }
    const known = error.code ? FASTIFY_CLIENT_ERRORS[error.code] : undefined;
    if (known) return reply.status(known.status).send({ message: translateMessage(known.key, locale) });
    if (error instanceof SyntaxError || error.statusCode === 400) {
      return reply.status(400).send({ message: translateMessage('malformedJson', locale) });
    }
    if (error.statusCode && error.statusCode >= 400 && error.statusCode < 500) {
      return reply.status(error.statusCode).send({ message: error.message });
    }
    request.log.error({ err: error }, 'Unhandled error');
    if (process.env.DEBUG_500) console.error(error);
    return reply
      .status(500)
      .send({ message: translateMessage('internalError', locale), request_id: request.id });
  });
}

/**
 * PostgreSQL refuses text it cannot store (a NUL character, SQLSTATE 22021/22P05). Schemas refuse it
 * up front where they can; this is the net for any field that slips through: the client's input,
 * so a 422, never a 500.
 */
function isUnstorableText(error: unknown): boolean {
  const code = (error as { code?: unknown }).code;
  return code === '22021' || code === '22P05';
}

export function sendRouteNotFound(request: FastifyRequest, reply: FastifyReply) {
  return reply.status(404).send({ message: translateMessage('routeNotFound', requestLocale(request)) });
}

function sendAppError(error: AppError, locale: Locale, request: FastifyRequest, reply: FastifyReply) {
  reply.headers(error.headers).status(error.statusCode);
  const { body } = error;
  if (body.kind === 'forbidden')
    return reply.send({ error: render(body.text, locale), ...(body.code ? { code: body.code } : {}) });
  if (body.kind === 'message')
    return reply.send({ message: render(body.text, locale), ...serverFault(error.statusCode, request) });
  const fields = Object.fromEntries(
    Object.entries(body.fields).map(([field, texts]) => [field, texts.map((text) => render(text, locale))]),
  );
  return reply.send({ message: fields });
}

/** A 5xx answer names its request, so the user can quote an id the operator finds in the logs. */
export function serverFault(status: number, request: FastifyRequest): { request_id?: string } {
  return status >= 500 ? { request_id: request.id } : {};
}

function render(text: ErrorText, locale: Locale): string {
  return 'raw' in text ? text.raw : translateMessage(text.key, locale, text.params);
}

/**
 * Zod issues become `{ field: [texts] }`. An issue about the whole body (say, an array instead of an
 * object) has no field, so it becomes a general message.
 */
function validationMessage(
  issues: ZodFastifySchemaValidationError[],
  locale: Locale,
): string | Record<string, string[]> {
  const fields: Record<string, string[]> = {};
  for (const issue of issues) {
    const text = translateMessage(issueKey(issue), locale);
    for (const field of issueFields(issue)) {
      const list = fields[field] ?? [];
      if (!list.includes(text)) list.push(text);
      fields[field] = list;
    }
  }
  const general = fields[''];
  if (general && Object.keys(fields).length === 1) return general.join(', ');
  delete fields[''];
  return fields;
}

function issueFields(issue: ZodFastifySchemaValidationError): string[] {
  const path = issue.instancePath.replace(/^\//, '').replaceAll('/', '.');
  if (issue.keyword === 'unrecognized_keys') {
    const keys = (issue.params as { keys?: unknown }).keys;
    if (Array.isArray(keys)) return keys.map((key) => (path ? `${path}.${String(key)}` : String(key)));
  }
  return [path];
}

function issueKey(issue: ZodFastifySchemaValidationError): MessageKey {
  if (issue.message && isMessageKey(issue.message)) return issue.message;
  switch (issue.keyword) {
    case 'unrecognized_keys':
      return 'unknownField';
    case 'invalid_type':
      return 'invalidType';
    case 'too_big':
      return 'tooLong';
    default:
      return 'invalidValue';
  }
}
