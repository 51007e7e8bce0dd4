/** Texts of bulk actions: why a row was skipped, and the request's own errors (spread into `../messages.ts`). */
export const en = {
  bulkOwnAccount: 'own account',
  bulkNotRetryable: 'not failed or cancelled',
  bulkNotCancellable: 'not pending',
  bulkBodyGone: 'message body no longer kept',
  bulkGone: 'no longer exists',
  bulkUnknownAction: 'This list has no such action',
  bulkSelection: 'Send either the ids of the rows or the filter that selects them',
} as const;
