import Box from '@mui/material/Box';
import Dialog from '@mui/material/Dialog';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import { useId, useState } from 'react';
import type { ResourceRecord } from '../../resources/resource-api';
import { LeaveFormDialog } from '../unsaved-changes/leave-form-dialog';
import { useConfirmedClose } from '../unsaved-changes/use-confirmed-close';
import { ResourceForm } from './resource-form';
import type { UseResourceFormOptions } from './use-resource-form';

export interface RecordFormDialogProps extends UseResourceFormOptions {
  open: boolean;
  title: string;
  onClose: () => void;
}

/**
 * A create/edit form in a dialog, for small resources that have no create/edit routes of their own.
 * Escape and the backdrop ask before they throw unsaved changes away; the form's own Cancel does not,
 * as on a page.
 */
export function RecordFormDialog({ open, title, onClose, onSaved, ...options }: RecordFormDialogProps) {
  const titleId = useId();
  const [dirty, setDirty] = useState(false);
  const closing = useConfirmedClose(dirty, onClose);
  const saved = (record: ResourceRecord) => {
    onSaved?.(record);
    onClose();
  };
  return (
    <>
      <Dialog open={open} onClose={closing.requestClose} fullWidth maxWidth="sm" aria-labelledby={titleId}>
        <DialogTitle id={titleId}>{title}</DialogTitle>
        <DialogContent>
          {/* Room for the first field's floating label, which the title's padding would clip. */}
          <Box sx={{ pt: 1 }}>
            <ResourceForm
              {...options}
              columns={1}
              onSaved={saved}
              onCancel={onClose}
              onDirtyChange={setDirty}
            />
          </Box>
        </DialogContent>
      </Dialog>
      <LeaveFormDialog open={closing.asking} onLeave={closing.leave} onStay={closing.stay} />
    </>
  );
}
