import { useCallback, useState } from 'react';
import { readExpandedSections, toggleSection, writeExpandedSections } from './expanded-sections';
import type { SectionId } from './menu';

/** Drawer sections' open state, initialised from and saved to local storage. */
export function useExpandedSections(storage: Storage = window.localStorage) {
  const [expanded, setExpanded] = useState<SectionId[]>(() => readExpandedSections(storage));

  const toggle = useCallback(
    (id: SectionId) => {
      setExpanded((current) => {
        const next = toggleSection(current, id);
        writeExpandedSections(storage, next);
        return next;
      });
    },
    [storage],
  );

  return { expanded, toggle, isExpanded: (id: SectionId) => expanded.includes(id) };
}
