import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { findField, type ResourceDescriptor } from '@pult/contract';
import type { TableState } from '../../../table';
import { FilterCell } from '../../../table/filter-cell';
import { useLabelText } from '../../../table/use-label-text';

/** A filter of the list that has no column of its own, shown above the table with a visible label. */
export function ToolbarFilter({
  descriptor,
  name,
  table,
  width,
}: {
  descriptor: ResourceDescriptor;
  name: string;
  table: TableState;
  width: number;
}) {
  const labelText = useLabelText();
  const field = findField(descriptor, name);
  if (!field) return null;
  const label = labelText(field.label);
  return (
    <Box sx={{ display: 'flex', alignItems: 'center', gap: 1 }}>
      <Typography variant="body2" color="text.secondary" sx={{ whiteSpace: 'nowrap' }}>
        {label}
      </Typography>
      <Box sx={{ width }}>
        <FilterCell
          field={field}
          label={label}
          value={table.query.filters[name] ?? ''}
          filters={table.query.filters}
          onChange={(value) => table.setFilter(name, value)}
        />
      </Box>
    </Box>
  );
}
