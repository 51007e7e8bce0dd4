import { z } from 'zod';

/**
 * Live changes (docs/architecture.md, "Live changes"). A signed-in panel keeps one server-sent event
 * stream open at `GET <auth base>/admin/events` (the access token in `Authorization`, read through
 * fetch streaming) and learns of every change to a record it may list, whoever made it: another
 * administrator's form, a bulk action, a worker, a platform client.
 *
 * Frames: `event: change` with `id: <cursor>` and a `LiveChange` as `data`; `event: reset` (the
 * cursor given in `Last-Event-ID` is older than the replay window: refetch what is shown); a frame
 * with only an `id:` line (changes the reader may not see moved the cursor: keep it, dispatch
 * nothing); `event: access` just before the server ends the stream because the reader's access may
 * have changed (a group's grants, their own groups): reload the permissions, then reconnect; comment
 * lines (`: heartbeat`) every few seconds. The server ends the stream when the access token expires;
 * the panel reconnects with a fresh token and `Last-Event-ID`, and loses nothing within the window.
 */
export const LIVE_EVENTS_PATH = '/admin/events';

/** How long a change can be replayed after it happened (a reconnect within it loses nothing). */
export const LIVE_REPLAY_SECONDS = 300;

/** How often the server writes a heartbeat comment on an idle stream. */
export const LIVE_HEARTBEAT_SECONDS = 15;

/**
 * `insert`, `update`, `delete` of the record `id`; `many`: a statement changed more rows than one
 * event each is worth (a bulk action, an import), or rows the reader may list only in part: `id` is
 * null and whatever shows the resource reloads it.
 */
export const liveOpSchema = z.enum(['insert', 'update', 'delete', 'many']);
export type LiveOp = z.infer<typeof liveOpSchema>;

export const liveChangeSchema = z.object({
  /** The permission resource (`auth.users`, `notification.email-queue`): `permissionResourceOf`. */
  resource: z.string(),
  /** The record's id as text (a setting's key), or null with `many`. */
  id: z.string().nullable(),
  op: liveOpSchema,
  /** The record's version after the change, as its `ETag` reads (`W/"123"`); null for a delete or `many`. */
  version: z.string().nullable(),
  /**
   * The administrator who made the change, when an administrator did and the reader may see who
   * (they may list administrators or the audit log); null for the platform, a worker, or unseen.
   */
  actor: z.object({ id: z.number(), name: z.string() }).nullable(),
  /** When the change was committed (ISO 8601). */
  at: z.string(),
});
export type LiveChange = z.infer<typeof liveChangeSchema>;
