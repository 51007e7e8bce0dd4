import type { Blocker } from 'react-router';
import { LeaveFormDialog } from './leave-form-dialog';

/** The question a blocked navigation asks: stay on the form or leave it. */
export function UnsavedChangesDialog({ blocker }: { blocker: Blocker }) {
  return (
    <LeaveFormDialog
      open={blocker.state === 'blocked'}
      onLeave={() => blocker.proceed?.()}
      onStay={() => blocker.reset?.()}
    />
  );
}
