import type { MessageKey } from '@pult/contract';
import { errors } from '../http/app-error.js';

/** SQLSTATE codes the resources turn into field errors (both pg and PGlite report them). */
const UNIQUE_VIOLATION = '23505';
const FOREIGN_KEY_VIOLATION = '23503';

interface DatabaseErrorLike {
  code?: unknown;
  constraint?: unknown;
}

/** Field errors to report for each named constraint; anything unmapped stays a real fault. */
export type ConstraintFields = Record<string, Record<string, MessageKey>>;

/**
 * A duplicate e-mail or a vanished reference is the client's problem (422 under the field), even
 * when it is only caught by the database, as it is when two requests race.
 */
export function toFieldError(error: unknown, constraints: ConstraintFields): unknown {
  if (typeof error !== 'object' || error === null) return error;
  const { code, constraint } = error as DatabaseErrorLike;
  if (code !== UNIQUE_VIOLATION && code !== FOREIGN_KEY_VIOLATION) return error;
  const fields = typeof constraint === 'string' ? constraints[constraint] : undefined;
  return fields ? errors.fields(fields) : error;
}

/** Runs a write, translating known constraint violations into 422 field errors. */
export async function withConstraintErrors<T>(
  constraints: ConstraintFields,
  write: () => Promise<T>,
): Promise<T> {
  try {
    return await write();
  } catch (error) {
    throw toFieldError(error, constraints);
  }
}
