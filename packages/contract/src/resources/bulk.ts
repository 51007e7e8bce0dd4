import { z } from 'zod';
import type { MessageKey } from '../messages.js';
import type { SelectOption } from './descriptor.js';

/**
 * Actions a list offers on many rows at once, declared in its descriptor; the panel shows them for
 * the selected rows and the server applies them with the single-record rules, row by row.
 * - `delete`: what the list's delete does (users and admins: status 10).
 * - `set`: sets one field to one of `options` (change status).
 * - `action`: a module's own verb (retry an e-mail, resolve an error group).
 */
export type BulkActionDescriptor =
  | { name: string; label: string; kind: 'delete' }
  | { name: string; label: string; kind: 'set'; field: string; options: readonly SelectOption[] }
  | { name: string; label: string; kind: 'action' };

/** Rows per request, and per transaction on the server. */
export const BULK_BATCH_SIZE = 500;

const rowId = z.union([z.number().int().positive(), z.string().min(1).max(100)], { error: 'invalidValue' });

/**
 * `POST <list>/bulk`: either `ids` (rows picked on screen, at most one batch) or `filter` (the list's
 * `filter[…]` parameters: every matching row, walked by key; `after` is the last key of the batch
 * before, from its answer's `next`).
 */
export const bulkRequestSchema = z
  .strictObject({
    action: z.string({ error: 'required' }).min(1, { error: 'required' }).max(50, { error: 'tooLong' }),
    value: z.union([z.string(), z.number(), z.boolean()], { error: 'invalidValue' }).optional(),
    ids: z
      .array(rowId, { error: 'invalidValue' })
      .min(1, { error: 'required' })
      .max(BULK_BATCH_SIZE, { error: 'tooLong' })
      .optional(),
    filter: z.record(z.string(), z.string(), { error: 'invalidValue' }).optional(),
    after: rowId.optional(),
  })
  .refine((body) => (body.ids === undefined) !== (body.filter === undefined), {
    error: 'bulkSelection',
    path: ['ids'],
  });
export type BulkRequest = z.infer<typeof bulkRequestSchema>;

export const bulkResultSchema = z.object({
  updated: z.number().int(),
  /** Rows left as they were, by reason (a message key) with the reason's text in the request's language. */
  skipped: z.array(z.object({ reason: z.string(), text: z.string(), count: z.number().int() })),
  /** In filter mode, the `after` of the next batch; null when the walk is done. */
  next: z.union([z.number(), z.string()]).nullable(),
});
export type BulkResult = z.infer<typeof bulkResultSchema>;

/** What one batch did, before the texts are added. */
export interface BulkOutcome {
  updated: number;
  skipped: Partial<Record<MessageKey, number>>;
}
