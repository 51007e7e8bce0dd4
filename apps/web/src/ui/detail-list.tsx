import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';

export interface DetailRow {
  label: string;
  value: ReactNode;
}

/** A record's fields as a description list: labels in a narrow column, values beside them. */
export function DetailList({ rows, labelWidth = 180 }: { rows: readonly DetailRow[]; labelWidth?: number }) {
  return (
    <Box
      component="dl"
      sx={{
        display: 'grid',
        gridTemplateColumns: { xs: '1fr', sm: `${labelWidth}px 1fr` },
        alignItems: 'baseline',
        columnGap: 2,
        rowGap: 1.25,
        m: 0,
      }}
    >
      {rows.map(({ label, value }) => (
        <Box key={label} sx={{ display: 'contents' }}>
          <Typography component="dt" variant="body2" color="text.secondary">
            {label}
          </Typography>
          <Typography
            component="dd"
            variant="body2"
            sx={{ m: 0, whiteSpace: 'pre-wrap', wordBreak: 'break-word' }}
          >
            {value}
          </Typography>
        </Box>
      ))}
    </Box>
  );
}
