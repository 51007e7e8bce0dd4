import { type MouseEvent, useId, useState } from 'react';

/**
 * Open/closed state of a menu that drops from an icon button, with the ARIA wiring both need:
 * spread `triggerProps` on the button and `menuProps` on the MUI Menu.
 */
export function useMenuAnchor() {
  const menuId = useId();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const open = anchor !== null;
  const close = () => setAnchor(null);
  return {
    close,
    triggerProps: {
      'aria-haspopup': 'menu',
      'aria-controls': open ? menuId : undefined,
      'aria-expanded': open ? 'true' : undefined,
      onClick: (event: MouseEvent<HTMLElement>) => setAnchor(event.currentTarget),
    },
    menuProps: { id: menuId, anchorEl: anchor, open, onClose: close },
  } as const;
}
