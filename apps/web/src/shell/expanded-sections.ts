import { STORAGE_KEYS } from '@pult/contract';
import { isSectionId, type SectionId } from './menu';

/**
 * Which drawer sections are open, remembered in local storage under `menuExpandedSections` as a JSON
 * array of section ids (spec §2). Anything unreadable counts as "all closed", the default.
 */
export function readExpandedSections(storage: Pick<Storage, 'getItem'>): SectionId[] {
  const raw = storage.getItem(STORAGE_KEYS.menuExpandedSections);
  if (raw === null) return [];
  try {
    const parsed: unknown = JSON.parse(raw);
    return Array.isArray(parsed) ? [...new Set(parsed.filter(isSectionId))] : [];
  } catch {
    return [];
  }
}

export function writeExpandedSections(
  storage: Pick<Storage, 'setItem'>,
  sections: readonly SectionId[],
): void {
  storage.setItem(STORAGE_KEYS.menuExpandedSections, JSON.stringify(sections));
}

export function toggleSection(sections: readonly SectionId[], id: SectionId): SectionId[] {
  return sections.includes(id) ? sections.filter((section) => section !== id) : [...sections, id];
}
