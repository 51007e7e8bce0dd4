import { useMemo } from 'react';
import { usePermissions } from '../access/use-permissions';
import type { MenuSection } from './menu';
import { visibleSections } from './page-access';

/**
 * The menu's sections as the signed-in administrator may use them: none until that is known, and
 * none while a required second factor is still to be set up (every page is its setup then).
 */
export function useVisibleSections(): MenuSection[] {
  const check = usePermissions();
  return useMemo(() => (check && !check.mfaEnrollmentRequired ? visibleSections(check) : []), [check]);
}
