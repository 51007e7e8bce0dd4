/** Texts of CSV import: the file's faults and the reasons a row is refused (spread into `../messages.ts`). */
export const en = {
  importTooLarge: 'The file is too large ({max} MB at most)',
  importTooManyRows: 'The file has more than {max} rows; split it into smaller files',
  importEmpty: 'The file is empty: its first line must name the columns',
  importBrokenQuote: 'Line {line}: a quoted cell is not closed, or text follows its closing quote',
  importBadEncoding: 'Line {line}: the file is not UTF-8 text',
  importBinary: 'Line {line}: the file holds binary data, not CSV text',
  importKeyMissing: 'The file has no column for {field}, which names the records',
  importSecretColumn: 'Column "{column}" holds a secret; secrets are never imported',
  importDuplicateColumn: 'Column "{column}" appears more than once',
  importKeyExists: 'A record with this key already exists',
  importDuplicateKey: 'The same key is on line {line} already',
  importUnknownReference: 'Nothing is named "{value}"',
  importExtraCells: 'The row has more cells than the first line has columns',
  importLineColumn: 'Line',
  importErrorsColumn: 'Errors',
  importMediaType: 'Send the file as text/csv or application/octet-stream',
  importValueTaken: 'Another record already has a value this row gives',
  exchangeUnreadable: 'The file could not be read as {format}',
  exchangeWrongLanguage: 'The file translates into {found}, not into {expected}',
  exchangeSourceLanguage:
    'XLIFF and PO files translate from Ukrainian: choose the language they translate into',
} as const;
