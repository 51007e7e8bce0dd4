import type { ResourceDescriptor } from '@pult/contract';
import { useState } from 'react';
import type { RecordId } from './resource-api';
import { rowVersion } from './row-version';
import { useDeleteRecord } from './use-delete-record';

/**
 * A delete that waits for the administrator's confirmation: which record is asked about, whether
 * the confirmation is open, and the delete itself, at the version the row was listed with (a record
 * changed since is not deleted). The dialog closes once the request has settled, whatever its
 * outcome, which useDeleteRecord announces.
 */
export function useConfirmDelete<Item extends object>(
  resource: ResourceDescriptor,
  idOf: (item: Item) => RecordId,
) {
  // Kept apart from `open` so the dialog's text stays while it fades out.
  const [target, setTarget] = useState<Item | null>(null);
  const [open, setOpen] = useState(false);
  const remove = useDeleteRecord(resource);
  return {
    target,
    open,
    ask: (item: Item) => {
      setTarget(item);
      setOpen(true);
    },
    cancel: () => setOpen(false),
    confirm: () => {
      if (target === null) return;
      remove.mutate({ id: idOf(target), version: rowVersion(target) }, { onSettled: () => setOpen(false) });
    },
    deleting: remove.isPending,
  };
}
