import { Readable } from 'node:stream';
import type { Locale, ResourceDescriptor } from '@pult/contract';
import type { FastifyInstance, FastifyRequest, onRequestAsyncHookHandler } from 'fastify';
import { requestLocale } from '../../http/locale.js';
import { type ListRequest, parseListRequest } from '../list-request.js';
import { csvLine, UTF8_BOM } from './csv.js';
import { exportColumns } from './export-columns.js';

/** A list's rows in its filter and sort, a batch at a time (usually `walkList` over its source). */
export type ExportRows<Item> = (
  request: ListRequest,
  locale: Locale,
  httpRequest: FastifyRequest,
) => AsyncIterable<Item[]>;

export interface CsvExportOptions<Item> {
  descriptor: ResourceDescriptor;
  rows: ExportRows<Item>;
  /** Path of the list; the descriptor's by default. */
  path?: string;
  /** The list's guard, when the scope it is registered in has none of its own. */
  guard?: onRequestAsyncHookHandler;
}

/**
 * `GET <list>/export.csv?sort=…&filter[…]=…`: the whole list in the list grammar's filter and sort
 * (`page` and `perPage` are accepted and ignored), streamed as CSV while it is read, so memory stays
 * at one batch. A bad parameter is the list's own 422, answered before anything is streamed.
 */
export function registerCsvExport<Item>(app: FastifyInstance, options: CsvExportOptions<Item>): void {
  const { descriptor } = options;
  const route = `${options.path ?? descriptor.path}/export.csv`;
  app.get(route, options.guard ? { onRequest: options.guard } : {}, async (request, reply) => {
    const listRequest = parseListRequest(descriptor, request.query);
    const locale = requestLocale(request);
    const columns = exportColumns(descriptor, locale);
    const batches = options.rows(listRequest, locale, request);

    async function* csv(): AsyncGenerator<string> {
      yield UTF8_BOM + csvLine(columns.map((column) => column.label));
      for await (const items of batches) {
        let chunk = '';
        for (const item of items) {
          chunk += csvLine(columns.map((column) => column.text(item as Record<string, unknown>)));
        }
        yield chunk;
      }
    }

    const stream = Readable.from(csv(), { objectMode: false, encoding: 'utf8' });
    // Past the first byte the status is sent; a failure can only cut the download short, which the
    // client sees as a broken transfer rather than a file that looks complete.
    stream.on('error', (error) => request.log.error({ err: error }, 'CSV export failed'));
    return reply
      .header('content-type', 'text/csv; charset=utf-8')
      .header('content-disposition', `attachment; filename="${fileName(descriptor)}"`)
      .header('cache-control', 'no-store')
      .header('x-content-type-options', 'nosniff')
      .send(stream);
  });
}

function fileName(descriptor: ResourceDescriptor): string {
  const stamp = new Date().toISOString().slice(0, 19).replace(/[-:]/g, '').replace('T', '-');
  return `${descriptor.name}-${stamp}.csv`;
}
