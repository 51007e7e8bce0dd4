import { Readable } from 'node:stream';
import { type Locale, type ResourceDescriptor, visibleFields } from '@pult/contract';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { accessOf, maskerOf } from '../../access/request-access.js';
import { access } from '../../access/route-access.js';
import { requestLocale } from '../../http/locale.js';
import { type ListRequest, listRequestOf } from '../list-request.js';
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
  /** Fields an item carries beyond the descriptor's columns, for field grants. */
  readable?: readonly string[];
}

/**
 * `GET <list>/export.csv?sort=…&filter[…]=…`: the whole list in the list grammar's filter and sort
 * (`page` and `perPage` are accepted and ignored), streamed as CSV while it is read, so memory stays
 * at one batch. A bad parameter is the list's own 422, answered before anything is streamed. It is
 * the resource's `export` action: its grants decide the rows (their conditions) and the columns
 * (their fields; a field granted on some rows only is left empty on the others).
 */
export function registerCsvExport<Item>(app: FastifyInstance, options: CsvExportOptions<Item>): void {
  const { descriptor } = options;
  const route = `${options.path ?? descriptor.path}/export.csv`;
  const declared = access.to(descriptor, 'export', options.readable ? { readable: options.readable } : {});
  app.get(route, { config: { access: declared } }, async (request, reply) => {
    const listRequest = listRequestOf(request, descriptor);
    const locale = requestLocale(request);
    const decision = accessOf(request).decision;
    const columns = exportColumns(descriptor, locale, decision ? visibleFields(decision) : undefined);
    const mask = decision ? maskerOf(request, decision) : (item: Record<string, unknown>) => item;
    const batches = options.rows(listRequest, locale, request);

    async function* csv(): AsyncGenerator<string> {
      yield UTF8_BOM + csvLine(columns.map((column) => column.label));
      for await (const items of batches) {
        let chunk = '';
        for (const item of items) {
          const shown = mask(item as Record<string, unknown>);
          chunk += csvLine(columns.map((column) => column.text(shown)));
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
  return `${descriptor.name.replace(/[^A-Za-z0-9_-]+/g, '-')}-${stamp}.csv`;
}
