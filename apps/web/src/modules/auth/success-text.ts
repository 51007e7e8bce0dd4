import { messageResponseSchema } from '@pult/contract';

/** The server's (localised) success message, or null when the body has none. */
export function successMessage(body: unknown): string | null {
  const parsed = messageResponseSchema.safeParse(body);
  return parsed.success && parsed.data.message !== '' ? parsed.data.message : null;
}
