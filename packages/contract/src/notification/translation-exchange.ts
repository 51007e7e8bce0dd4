import { z } from 'zod';
import { LOCALES, type Locale } from '../locales.js';
import { IMPORT_MODES, IMPORT_ROWS } from '../resources/import.js';

/**
 * Translations in the formats translators' tools read and write (issue 25): XLIFF 2.0 and gettext PO
 * translate from the source language (Ukrainian) into one other, one file per language; i18next JSON
 * holds one language's texts nested by group. `GET <translations>/exchange` writes a file (untranslated
 * keys with empty targets, so a translator sees what is missing); `POST` reads one back through the
 * same import engine as CSV (a dry run first), writing only that language's texts.
 */
export const EXCHANGE_FORMATS = ['xliff', 'po', 'json'] as const;
export type ExchangeFormat = (typeof EXCHANGE_FORMATS)[number];

/** The language every translation is made from. */
export const EXCHANGE_SOURCE_LOCALE: Locale = 'uk-UA';

/** A format's file: its name extension, media type and the name a message gives it. */
export interface ExchangeFileKind {
  extension: string;
  mediaType: string;
  name: string;
}

export const EXCHANGE_FILES: Record<ExchangeFormat, ExchangeFileKind> = {
  xliff: { extension: 'xlf', mediaType: 'application/xliff+xml', name: 'XLIFF 2.0' },
  po: { extension: 'po', mediaType: 'text/x-gettext-translation', name: 'gettext PO' },
  json: { extension: 'json', mediaType: 'application/json', name: 'i18next JSON' },
};

/** Whether a format names a source and a target (and so cannot be written for the source language). */
export const isBilingual = (format: ExchangeFormat) => format !== 'json';

export const exchangeExportQuerySchema = z.strictObject({
  format: z.enum(EXCHANGE_FORMATS, { error: 'invalidOption' }),
  locale: z.enum(LOCALES, { error: 'invalidOption' }),
});
export type ExchangeExportQuery = z.infer<typeof exchangeExportQuerySchema>;

export const exchangeImportQuerySchema = exchangeExportQuerySchema.extend({
  mode: z.enum(IMPORT_MODES, { error: 'invalidOption' }).default('dry-run'),
  rows: z.enum(IMPORT_ROWS, { error: 'invalidOption' }).default('all'),
  filename: z.string().max(255, { error: 'tooLong' }).optional(),
});
export type ExchangeImportQuery = z.infer<typeof exchangeImportQuerySchema>;
