/**
 * Read by screen readers, not drawn: a name for a control whose visible content is only a picture.
 * Sizes are strings: in MUI's `sx` a bare 1 means 100%, which let a long name stretch past its control.
 */
export const visuallyHidden = {
  position: 'absolute',
  width: '1px',
  height: '1px',
  margin: '-1px',
  padding: 0,
  border: 0,
  overflow: 'hidden',
  clip: 'rect(0 0 0 0)',
  whiteSpace: 'nowrap',
} as const;
