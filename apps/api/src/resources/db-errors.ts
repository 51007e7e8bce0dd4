import type { MessageKey } from '@pult/contract';
import { errors } from '../http/app-error.js';

/** SQLSTATE codes the resources turn into field errors (both pg and PGlite report them). */
const UNIQUE_VIOLATION = '23505';
const FOREIGN_KEY_VIOLATION = '23503';
/** What PostgreSQL 17 (PGlite) reports for an `on delete restrict` key where 15 reports 23503. */
const RESTRICT_VIOLATION = '23001';
const CONSTRAINT_CODES: unknown[] = [UNIQUE_VIOLATION, FOREIGN_KEY_VIOLATION, RESTRICT_VIOLATION];

interface DatabaseErrorLike {
  code?: unknown;
  constraint?: unknown;
}

/**
 * What to report for each named constraint: errors under fields, or one general text (a record
 * still referred to cannot be deleted). Anything unmapped stays a real fault.
 */
export type ConstraintFields = Record<string, Record<string, MessageKey> | MessageKey>;

/**
 * A duplicate e-mail or a vanished reference is the client's problem (422 under the field), even
 * when it is only caught by the database, as it is when two requests race.
 */
export function toFieldError(error: unknown, constraints: ConstraintFields): unknown {
  if (typeof error !== 'object' || error === null) return error;
  const { code, constraint } = error as DatabaseErrorLike;
  if (!CONSTRAINT_CODES.includes(code)) return error;
  const report = typeof constraint === 'string' ? constraints[constraint] : undefined;
  if (report === undefined) return error;
  return typeof report === 'string' ? errors.unprocessable(report) : errors.fields(report);
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
