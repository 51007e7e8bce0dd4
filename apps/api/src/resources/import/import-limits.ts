/** How much one import may bring in: `IMPORT_MAX_ROWS` rows and `IMPORT_MAX_BYTES` bytes of file. */
export interface ImportLimits {
  maxRows: number;
  maxBytes: number;
}

export const DEFAULT_IMPORT_LIMITS: ImportLimits = { maxRows: 100_000, maxBytes: 20 * 1024 * 1024 };

let processLimits: ImportLimits = DEFAULT_IMPORT_LIMITS;

/**
 * The limits every import of this process uses (from the configuration, at start-up): a process-wide
 * setting like the list totals' budget, because the generic record routes are built without the
 * configuration at hand.
 */
export function configureImportLimits(limits: ImportLimits): void {
  processLimits = limits;
}

export function importLimits(): ImportLimits {
  return processLimits;
}
