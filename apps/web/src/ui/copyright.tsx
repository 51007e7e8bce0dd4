import Typography, { type TypographyProps } from '@mui/material/Typography';
import { useServices } from '../app/services-context';
import { copyrightLine } from './copyright-line';

/** "© <year> <company>" of the sign-in screen and the drawer footer (spec §1). */
export function Copyright(props: Pick<TypographyProps, 'sx'>) {
  const { config } = useServices();
  return (
    <Typography variant="caption" color="text.secondary" component="p" {...props}>
      {copyrightLine(new Date().getFullYear(), config.companyName)}
    </Typography>
  );
}
