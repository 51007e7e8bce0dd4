import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';

/** The one h1 of a shell page, with an optional line above it (e.g. the action on a sub-route). */
export function PageTitle({ children, overline }: { children: ReactNode; overline?: ReactNode }) {
  return (
    <>
      {overline && (
        <Typography variant="overline" color="text.secondary" component="p">
          {overline}
        </Typography>
      )}
      {/* Focusable by script: focus lands here after each navigation. */}
      <Typography variant="h4" component="h1" tabIndex={-1} sx={{ mb: 3 }}>
        {children}
      </Typography>
    </>
  );
}
