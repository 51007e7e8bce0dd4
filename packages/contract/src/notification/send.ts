import { z } from 'zod';
import { LOCALES } from '../locales.js';
import { oneOf, requiredText } from '../resources/fields.js';
import { EMAIL_PRIORITIES } from './email-queue.js';
import { variablesSchema } from './json-variables.js';

/**
 * `POST /notification/api/v1/send`: what the platform's services call. `to` is an e-mail address or
 * a platform user's uid (then the user's e-mail and language are used).
 */
export const IDEMPOTENCY_KEY_PATTERN = /^[\x21-\x7e]{1,255}$/;
export const IDEMPOTENCY_TTL_SECONDS = 24 * 3600;

export const sendRequestSchema = z.strictObject({
  template: requiredText(100),
  to: requiredText(254),
  language: oneOf(LOCALES).optional(),
  variables: variablesSchema.optional(),
  priority: oneOf(EMAIL_PRIORITIES).optional(),
  idempotency_key: z
    .string({ error: 'invalidType' })
    .regex(IDEMPOTENCY_KEY_PATTERN, { error: 'invalidValue' })
    .optional(),
});
export type SendRequest = z.infer<typeof sendRequestSchema>;

export const sendResponseSchema = z.object({ id: z.number().int() });
export type SendResponse = z.infer<typeof sendResponseSchema>;
