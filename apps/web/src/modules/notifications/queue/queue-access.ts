import type { EmailStatus } from '@pult/contract';

/** Which of the e-mail queue's own actions the administrator's grants allow. */
export interface QueueGrants {
  read: boolean;
  retry: boolean;
  cancel: boolean;
}

/**
 * The action an e-mail in this state offers, if the grants allow it: a failed or cancelled one can
 * be retried, a pending one cancelled; any other state offers none.
 */
export function queueActionOf(status: EmailStatus, grants: QueueGrants): 'retry' | 'cancel' | null {
  if (status === 'failed' || status === 'cancelled') return grants.retry ? 'retry' : null;
  if (status === 'pending') return grants.cancel ? 'cancel' : null;
  return null;
}

/** Whether the queue's rows need an actions column at all (some row may offer something). */
export function queueHasRowActions(grants: QueueGrants): boolean {
  return grants.read || grants.retry || grants.cancel;
}
