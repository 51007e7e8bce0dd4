/** Texts of record versions (spread into `../messages.ts`). */
export const en = {
  recordChanged:
    'Someone else changed this record after you opened it. Nothing was saved; compare with the current record and save again.',
} as const;
