import {
  EXCHANGE_FILES,
  EXCHANGE_SOURCE_LOCALE,
  type ExchangeExportQuery,
  type ExchangeFormat,
  type ExchangeImportQuery,
  exchangeExportQuerySchema,
  exchangeImportQuerySchema,
  importReportSchema,
  isBilingual,
  LOCALES,
  type Locale,
  TRANSLATION_VALUE_FIELDS,
  translationsResource,
} from '@pult/contract';
import type { FastifyInstance, FastifySchema } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { access } from '../../../../access/route-access.js';
import type { Db } from '../../../../db/database.js';
import { errors } from '../../../../http/app-error.js';
import { auditSinkOf } from '../../../../resources/audit-sink.js';
import { readFileText } from '../../../../resources/import/csv-file.js';
import type { CsvRecord } from '../../../../resources/import/csv-parser.js';
import { answerImport, fileStream } from '../../../../resources/import/import-route.js';
import type { ImportTarget } from '../../../../resources/import/import-target.js';
import { type ExchangeEntry, type ExchangeFile, localeOfTag } from './exchange-entry.js';
import { readJson, writeJson } from './json-format.js';
import { readPo, writePo } from './po-format.js';
import { readXliff, writeXliff } from './xliff-format.js';

/**
 * `GET|POST <translations>/exchange?format=xliff|po|json&locale=…`: translations in translators'
 * formats. The export is its own action (`translations.exchange`): it writes one language's every text, so a grant
 * limited to some records or fields cannot allow it. The import is the list's import (`create`, and
 * `update` for keys that exist) through the same engine as CSV: a dry run first, one transaction, the
 * audit entry, and only the file's language is written; untranslated entries change nothing.
 */
export async function registerTranslationExchange(
  app: FastifyInstance,
  deps: { db: Db; target: ImportTarget },
): Promise<void> {
  const descriptor = translationsResource;
  const path = `${descriptor.path}/exchange`;
  const audit = auditSinkOf(app);
  app.withTypeProvider<ZodTypeProvider>().get(
    path,
    {
      config: {
        access: access.to(descriptor, 'translations.exchange', { scoped: false, fields: null, mask: null }),
      },
      schema: { querystring: exchangeExportQuerySchema },
    },
    async (request, reply) => {
      const { format, locale } = request.query as ExchangeExportQuery;
      refuseSourceTarget(format, locale);
      const file = EXCHANGE_FILES[format];
      const body = await writeFile(format, await loadEntries(deps.db, locale), locale);
      return reply
        .header('content-type', `${file.mediaType}; charset=utf-8`)
        .header('content-disposition', `attachment; filename="translations-${locale}.${file.extension}"`)
        .header('cache-control', 'no-store')
        .header('x-content-type-options', 'nosniff')
        .send(body);
    },
  );
  await app.register(async (scope) => {
    // The body is the file whatever its type says (XML, PO, JSON or none): read here as a stream.
    scope.removeAllContentTypeParsers();
    scope.addContentTypeParser('*', (_request, payload, done) => done(null, payload));
    scope.withTypeProvider<ZodTypeProvider>().post(
      path,
      {
        config: { access: access.to(descriptor, 'create', { fields: null }) },
        schema: {
          querystring: exchangeImportQuerySchema,
          response: { 200: importReportSchema },
        } satisfies FastifySchema as FastifySchema,
      },
      async (request, reply) => {
        const query = request.query as ExchangeImportQuery;
        refuseSourceTarget(query.format, query.locale);
        return answerImport(
          request,
          reply,
          { target: deps.target, audit },
          {
            mode: query.mode,
            onConflict: 'update',
            rows: query.rows,
            ...(query.filename ? { filename: query.filename } : {}),
          },
          (maxBytes) => exchangeRecords(fileStream(request), maxBytes, query),
          { format: query.format, locale: query.locale },
        );
      },
    );
  });
}

/**
 * A translators' file is parsed whole, and XML into a tree several times its size: a smaller limit
 * than a CSV file's (streamed), and far above any platform's translations (a few hundred KB).
 */
const EXCHANGE_MAX_BYTES = 5 * 1024 * 1024;

/** XLIFF and PO translate from the source language: a file "into" it would have nothing to say. */
function refuseSourceTarget(format: ExchangeFormat, locale: Locale): void {
  if (isBilingual(format) && locale === EXCHANGE_SOURCE_LOCALE)
    throw errors.unprocessable('exchangeSourceLanguage');
}

async function loadEntries(db: Db, locale: Locale): Promise<ExchangeEntry[]> {
  const rows = await db
    .selectFrom('notification_translations')
    .select(['group_name', 'key_name', 'texts'])
    .orderBy('group_name')
    .orderBy('key_name')
    .execute();
  return rows.map((row) => {
    const texts = (row.texts ?? {}) as Partial<Record<Locale, string>>;
    return {
      group: row.group_name,
      key: row.key_name,
      source: texts[EXCHANGE_SOURCE_LOCALE] || null,
      target: texts[locale] || null,
    };
  });
}

function writeFile(
  format: ExchangeFormat,
  entries: ExchangeEntry[],
  locale: Locale,
): Promise<string> | string {
  if (format === 'xliff') return writeXliff(entries, locale);
  if (format === 'po') return writePo(entries, locale);
  return writeJson(entries);
}

async function readFile(format: ExchangeFormat, text: string): Promise<ExchangeFile> {
  if (format === 'xliff') return readXliff(text);
  if (format === 'po') return readPo(text);
  return readJson(text);
}

/**
 * The file as the import engine's records: a header naming the key and the language's text, then
 * one row per translated entry (an empty target is a key left untranslated, not a text to clear).
 * A row's `line` is the entry's place in the file, counted from 2 as if the header were line 1.
 */
async function* exchangeRecords(
  body: AsyncIterable<Uint8Array | string>,
  maxBytes: number,
  query: ExchangeImportQuery,
): AsyncGenerator<CsvRecord[]> {
  const text = await readFileText(body, Math.min(maxBytes, EXCHANGE_MAX_BYTES));
  let file: ExchangeFile;
  try {
    file = await readFile(query.format, text);
  } catch {
    // Whatever the parsers throw on a file they cannot read (their own TypeErrors included) is the
    // file's fault: a 422 naming the format, never a 500.
    throw errors.unprocessable('exchangeUnreadable', { format: EXCHANGE_FILES[query.format].name });
  }
  const said = localeOfTag(file.locale, LOCALES);
  if (file.locale && said !== query.locale) {
    throw errors.unprocessable('exchangeWrongLanguage', { found: file.locale, expected: query.locale });
  }
  const header: CsvRecord = { line: 1, cells: ['group', 'key_name', TRANSLATION_VALUE_FIELDS[query.locale]] };
  const rows = file.entries
    .map((entry, index) => ({ entry, line: index + 2 }))
    .filter(({ entry }) => entry.target !== null)
    .map(({ entry, line }) => ({ line, cells: [entry.group, entry.key, entry.target ?? ''] }));
  yield [header, ...rows];
}
