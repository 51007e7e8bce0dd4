import {
  EXCHANGE_FILES,
  type ExchangeFormat,
  type ExchangeImportQuery,
  type ImportReport,
  importReportSchema,
  LOCALES,
  type Locale,
  translationsResource,
} from '@pult/contract';
import type { Services } from '../../../app/services';

const exchangeUrl = (services: Services) =>
  services.serviceUrl('notification', `${translationsResource.path}/exchange`);

/** A translators' file of every translation in `locale` (XLIFF and PO from Ukrainian into it). */
export async function downloadExchange(
  services: Services,
  format: ExchangeFormat,
  locale: Locale,
): Promise<{ blob: Blob; fileName: string }> {
  const response = await services.http.open('GET', exchangeUrl(services), {
    query: { format, locale },
    headers: { Accept: EXCHANGE_FILES[format].mediaType },
  });
  const named = response.headers.get('content-disposition')?.match(/filename="([^"]+)"/)?.[1];
  return {
    blob: await response.blob(),
    fileName: named ?? `translations-${locale}.${EXCHANGE_FILES[format].extension}`,
  };
}

/** A translators' file sent back: a dry run or a commit, answered by the import's report. */
export async function sendExchange(
  services: Services,
  file: Blob,
  query: ExchangeImportQuery,
  signal?: AbortSignal,
): Promise<ImportReport> {
  const body = await services.http.post<unknown>(exchangeUrl(services), file, {
    query: {
      format: query.format,
      locale: query.locale,
      mode: query.mode,
      rows: query.rows,
      filename: query.filename,
    },
    signal,
  });
  return importReportSchema.parse(body);
}

/** The format a file's name says it is in, or null for a name no translators' tool writes. */
export function formatOfFile(name: string): ExchangeFormat | null {
  const dot = name.lastIndexOf('.');
  if (dot < 0) return null;
  const extension = name.slice(dot + 1).toLowerCase();
  if (extension === 'xlf' || extension === 'xliff') return 'xliff';
  if (extension === 'po') return 'po';
  if (extension === 'json') return 'json';
  return null;
}

/** The language a file's name gives (`translations-en-US.json`, `en.json`, `uk_UA.po`), or null. */
export function localeInName(name: string): Locale | null {
  const stem = name.toLowerCase().replace(/\.[a-z]+$/, '');
  for (const locale of LOCALES) {
    const [language] = locale.toLowerCase().split('-');
    const full = locale.toLowerCase();
    if (new RegExp(`(^|[^a-z])(${full}|${full.replace('-', '_')}|${language})$`).test(stem)) return locale;
  }
  return null;
}
