import Box from '@mui/material/Box';

/**
 * An e-mail's HTML in a sandboxed frame: no scripts, no same-origin access, links cannot navigate the
 * panel. What an administrator or a template put in the HTML stays inside it.
 */
export function EmailBodyFrame({
  html,
  title,
  height = 320,
}: {
  html: string;
  title: string;
  height?: number;
}) {
  return (
    <Box
      component="iframe"
      title={title}
      sandbox=""
      srcDoc={html}
      sx={{
        width: '100%',
        height,
        border: 1,
        borderColor: 'divider',
        borderRadius: 1,
        bgcolor: 'common.white',
      }}
    />
  );
}
