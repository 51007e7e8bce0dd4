import type { ForbiddenCode, MessageKey } from '@pult/contract';

/** A text the error handler localises by the request's language, or sends verbatim. */
export type ErrorText = { key: MessageKey; params?: Record<string, string | number> } | { raw: string };

export type ErrorBody =
  | { kind: 'message'; text: ErrorText }
  | { kind: 'fields'; fields: Record<string, ErrorText[]> }
  /** `code` tells a client what would lift the refusal (`step_up_required`, `mfa_enrollment_required`). */
  | { kind: 'forbidden'; text: ErrorText; code?: ForbiddenCode };

/** An expected failure with the status and body shape of ARCHITECTURE.md ("Errors"). */
export class AppError extends Error {
  constructor(
    readonly statusCode: number,
    readonly body: ErrorBody,
    readonly headers: Record<string, string> = {},
  ) {
    super(describe(body));
    this.name = 'AppError';
  }
}

function describe(body: ErrorBody): string {
  if (body.kind === 'fields') return `Invalid fields: ${Object.keys(body.fields).join(', ')}`;
  return 'key' in body.text ? body.text.key : body.text.raw;
}

export const errors = {
  /** 422 with one general text. */
  unprocessable: (key: MessageKey, params?: Record<string, string | number>) =>
    new AppError(422, { kind: 'message', text: { key, ...(params ? { params } : {}) } }),
  unprocessableRaw: (raw: string) => new AppError(422, { kind: 'message', text: { raw } }),
  /** 422 keyed by field. */
  fields: (fields: Record<string, MessageKey | MessageKey[]>) =>
    new AppError(422, {
      kind: 'fields',
      fields: Object.fromEntries(
        Object.entries(fields).map(([field, keys]) => [
          field,
          (Array.isArray(keys) ? keys : [keys]).map((key) => ({ key })),
        ]),
      ),
    }),
  unauthorized: (key: MessageKey = 'unauthorized') => new AppError(401, { kind: 'message', text: { key } }),
  forbidden: (key: MessageKey = 'forbidden', params?: Record<string, string | number>) =>
    new AppError(403, { kind: 'forbidden', text: { key, ...(params ? { params } : {}) } }),
  /** 403 the administrator can lift themselves: the code says how. */
  forbiddenUntil: (code: ForbiddenCode, key: MessageKey) =>
    new AppError(403, { kind: 'forbidden', text: { key }, code }),
  notFound: (key: MessageKey = 'recordNotFound') => new AppError(404, { kind: 'message', text: { key } }),
  tooManyRequests: (key: MessageKey, retryAfterSeconds: number, params?: Record<string, string | number>) =>
    new AppError(
      429,
      { kind: 'message', text: { key, ...(params ? { params } : {}) } },
      { 'retry-after': String(retryAfterSeconds) },
    ),
  /** 503: the request could be served, but not now. */
  unavailable: (key: MessageKey, retryAfterSeconds: number) =>
    new AppError(503, { kind: 'message', text: { key } }, { 'retry-after': String(retryAfterSeconds) }),
};
