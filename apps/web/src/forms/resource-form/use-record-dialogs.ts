import type { ResourceDescriptor } from '@pult/contract';
import { useState } from 'react';
import type { RecordId } from '../../resources/resource-api';
import { useConfirmDelete } from '../../resources/use-confirm-delete';

export type FormDialogState<Item> = { mode: 'create' } | { mode: 'edit'; record: Item };

/**
 * The dialogs of a list whose records are created and edited in place: which record the form dialog
 * shows, and which one waits for a delete confirmation.
 */
export function useRecordDialogs<Item extends object>(
  resource: ResourceDescriptor,
  idOf: (item: Item) => RecordId,
) {
  const [formDialog, setFormDialog] = useState<FormDialogState<Item> | null>(null);
  // Apart from `formDialog`, so the dialog keeps its content while it fades out.
  const [formOpen, setFormOpen] = useState(false);
  // A fresh form per opening: the previous opening's typing and errors must not linger.
  const [formKey, setFormKey] = useState(0);
  const remove = useConfirmDelete(resource, idOf);
  const openForm = (state: FormDialogState<Item>) => {
    setFormDialog(state);
    setFormKey((key) => key + 1);
    setFormOpen(true);
  };

  return {
    formDialog,
    formOpen,
    formKey,
    openCreate: () => openForm({ mode: 'create' }),
    openEdit: (record: Item) => openForm({ mode: 'edit', record }),
    closeForm: () => setFormOpen(false),
    deleteTarget: remove.target,
    confirmingDelete: remove.open,
    askDelete: remove.ask,
    cancelDelete: remove.cancel,
    confirmDelete: remove.confirm,
    deleting: remove.deleting,
  };
}
