import { z } from 'zod';

/** Error bodies shared by every service (ARCHITECTURE.md, "Errors"). */
export const fieldErrorsSchema = z.record(z.string(), z.array(z.string()));
export type FieldErrors = z.infer<typeof fieldErrorsSchema>;

/** 422, 401, 404, 429 and the other 4xx: a general text or, for 422, texts per field. */
export const messageErrorSchema = z.object({ message: z.union([z.string(), fieldErrorsSchema]) });
export type MessageError = z.infer<typeof messageErrorSchema>;

/** 403: the panel shows `error` in a negative notice. */
export const forbiddenErrorSchema = z.object({ error: z.string() });
export type ForbiddenError = z.infer<typeof forbiddenErrorSchema>;
