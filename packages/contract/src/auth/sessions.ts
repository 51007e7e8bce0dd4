import { z } from 'zod';

/**
 * `GET /auth/admin/sessions`: the signed-in administrator's sign-ins that are still open, newest
 * first, so they can see where they are signed in and end what they do not recognise.
 */
export const adminSessionSchema = z.object({
  id: z.string(),
  created_at: z.string(),
  /** When the panel last renewed its tokens (about every quarter of an hour while it is open). */
  last_seen_at: z.string(),
  ip: z.string().nullable(),
  /** Read off the user agent: `Chrome 131`, `Firefox`; null when it says nothing usable. */
  browser: z.string().nullable(),
  os: z.string().nullable(),
  /** The second factor the sign-in passed (`totp`, `recovery`), or null for the password alone. */
  second_factor: z.string().nullable(),
  /** The sign-in this request comes from. */
  current: z.boolean(),
});
export type AdminSession = z.infer<typeof adminSessionSchema>;

export const adminSessionsSchema = z.object({ items: z.array(adminSessionSchema) });
export type AdminSessions = z.infer<typeof adminSessionsSchema>;

/** `POST /auth/admin/sessions/end-others`: how many sign-ins were ended. */
export const endedSessionsSchema = z.object({ ended: z.number().int() });
export type EndedSessions = z.infer<typeof endedSessionsSchema>;
