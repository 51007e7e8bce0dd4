import { useEffect, useRef } from 'react';
import { useLocation } from 'react-router';
import { focusPageHeadingWhenShown } from './focus-heading';

/**
 * After each navigation to another page, focus goes to its heading. The first page the panel opens on
 * keeps the browser's own start (and the sign-in screen its e-mail field).
 */
export function useFocusOnNavigate(): void {
  const { pathname } = useLocation();
  const firstPage = useRef(pathname);
  useEffect(() => {
    if (pathname === firstPage.current) return;
    // Later visits to the first page count as navigations too.
    firstPage.current = '';
    return focusPageHeadingWhenShown(document);
  }, [pathname]);
}
