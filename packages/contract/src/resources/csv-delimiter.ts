/** Spreadsheets in locales with a decimal comma write `;`; anything else writes `,`. */
export type CsvDelimiter = ',' | ';';

/**
 * The delimiter a header line uses: the more frequent of `,` and `;` outside quotes (a comma when
 * neither appears, a one-column file). The import reads a file by it, and the panel's import wizard
 * reads the file's head by it before sending, so both see the same columns.
 */
export function detectDelimiter(text: string): CsvDelimiter {
  let commas = 0;
  let semicolons = 0;
  let quoted = false;
  for (const char of text) {
    if (char === '"') quoted = !quoted;
    else if (!quoted && (char === '\n' || char === '\r')) break;
    else if (!quoted && char === ',') commas += 1;
    else if (!quoted && char === ';') semicolons += 1;
  }
  return semicolons > commas ? ';' : ',';
}
