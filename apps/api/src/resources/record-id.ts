/** A numeric id from the path; anything else names no record (404, like an id that does not exist). */
export function parseNumericId(raw: string): number | undefined {
  if (!/^\d{1,15}$/.test(raw)) return undefined;
  const id = Number(raw);
  return id > 0 ? id : undefined;
}
