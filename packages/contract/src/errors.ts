import { z } from 'zod';

/** Error bodies shared by every service (ARCHITECTURE.md, "Errors"). */
export const fieldErrorsSchema = z.record(z.string(), z.array(z.string()));
export type FieldErrors = z.infer<typeof fieldErrorsSchema>;

/** 422, 401, 404, 429 and the other 4xx: a general text or, for 422, texts per field. */
export const messageErrorSchema = z.object({ message: z.union([z.string(), fieldErrorsSchema]) });
export type MessageError = z.infer<typeof messageErrorSchema>;

/**
 * What lifts a 403 without a new grant: a fresh second factor (`step_up_required`), or enrolling one
 * when a group of the administrator requires it (`mfa_enrollment_required`).
 */
export const FORBIDDEN_CODES = ['step_up_required', 'mfa_enrollment_required'] as const;
export type ForbiddenCode = (typeof FORBIDDEN_CODES)[number];

/** 403: the panel shows `error` in a negative notice, unless `code` says what it can do instead. */
export const forbiddenErrorSchema = z.object({ error: z.string(), code: z.enum(FORBIDDEN_CODES).optional() });
export type ForbiddenError = z.infer<typeof forbiddenErrorSchema>;
