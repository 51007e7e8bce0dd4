/**
 * Counts the records of a CSV text as it arrives in pieces: line ends outside quoted cells (a cell
 * may hold line breaks). The first record is the header row.
 */
export function createCsvRecordCounter() {
  let quoted = false;
  let records = 0;
  return {
    push(text: string): number {
      for (let index = 0; index < text.length; index += 1) {
        const char = text.charCodeAt(index);
        if (char === 34) quoted = !quoted;
        else if (char === 10 && !quoted) records += 1;
      }
      return records;
    },
    get records() {
      return records;
    },
  };
}
