import TableCell from '@mui/material/TableCell';
import TableRow from '@mui/material/TableRow';
import type { ReactNode } from 'react';

/** One row across the whole table for a state instead of records (empty, failed). */
export function MessageRow({ colSpan, children }: { colSpan: number; children: ReactNode }) {
  return (
    <TableRow>
      <TableCell colSpan={colSpan} sx={{ py: 6, textAlign: 'center', borderBottom: 0 }}>
        {children}
      </TableCell>
    </TableRow>
  );
}
