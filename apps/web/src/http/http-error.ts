import { type FieldErrors, fieldErrorsSchema } from '@pult/contract';

/**
 * A request that got no usable answer. `status` is the HTTP status, or 0 when no response arrived
 * (network failure, CORS, server down); `body` is the parsed JSON error body, or null.
 */
export class HttpError extends Error {
  override readonly name = 'HttpError';
  readonly status: number;
  readonly body: unknown;

  constructor(status: number, body: unknown, message?: string, options?: { cause?: unknown }) {
    super(message ?? serverMessage(body) ?? defaultMessage(status), options);
    this.status = status;
    this.body = body;
  }
}

export function isHttpError(error: unknown): error is HttpError {
  return error instanceof HttpError;
}

function defaultMessage(status: number): string {
  return status === 0 ? 'Network error: no response from the server' : `HTTP ${status}`;
}

/** The server's text: `message` when it is a string (401, 404, 422, 429), else `error` (403). */
export function serverMessage(body: unknown): string | null {
  if (typeof body !== 'object' || body === null) return null;
  const { message, error } = body as { message?: unknown; error?: unknown };
  if (typeof message === 'string' && message !== '') return message;
  if (typeof error === 'string' && error !== '') return error;
  return null;
}

/** A 422 body whose `message` holds texts per field rather than one general text. */
export function isFieldErrorBody(body: unknown): body is { message: FieldErrors } {
  if (typeof body !== 'object' || body === null || !('message' in body)) return false;
  return typeof body.message === 'object' && fieldErrorsSchema.safeParse(body.message).success;
}

/** Per-field texts of a 422, or null when the error is anything else. */
export function fieldErrorsOf(error: unknown): FieldErrors | null {
  if (!isHttpError(error) || error.status !== 422 || !isFieldErrorBody(error.body)) return null;
  return error.body.message;
}

/**
 * The texts of a list field and of its items (`recipients`, `recipients.2`) as one line, each item's
 * named (`name(2)`: the chip the person should remove), so a chips input shows which one is wrong.
 */
export function listFieldError(
  errors: Record<string, string>,
  field: string,
  name: (index: number) => string,
): string {
  return Object.entries(errors)
    .filter(([key]) => key === field || key.startsWith(`${field}.`))
    .map(([key, text]) => {
      const index = key.split('.')[1];
      return index === undefined ? text : `${name(Number(index))}: ${text}`;
    })
    .join('; ');
}

/** Spec §5: several server texts for one field are shown joined by commas. */
export function joinFieldErrors(errors: FieldErrors): Record<string, string> {
  return Object.fromEntries(Object.entries(errors).map(([field, texts]) => [field, texts.join(', ')]));
}
