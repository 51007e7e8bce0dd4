import { type ListQuery, listQueryToParams, type ResourceDescriptor } from '@pult/contract';
import type { Services } from '../../app/services';
import { createCsvRecordCounter } from './csv-record-counter';

export interface CsvDownloadProgress {
  /** Data rows received so far (the header row not counted). */
  rows: number;
  bytes: number;
}

export interface CsvDownload {
  blob: Blob;
  fileName: string;
  rows: number;
}

/**
 * Fetches `<list>/export.csv` in the list's filter and sort with the session's token (so not a plain
 * link), reading the body as it streams to report progress; the file is kept as the received chunks
 * and handed over as one Blob at the end.
 */
export async function fetchCsvExport(
  services: Services,
  descriptor: ResourceDescriptor,
  query: ListQuery,
  onProgress: (progress: CsvDownloadProgress) => void,
  signal?: AbortSignal,
): Promise<CsvDownload> {
  const { page: _page, perPage: _perPage, ...params } = listQueryToParams(query);
  const url = `${services.serviceUrl(descriptor.service, descriptor.path)}/export.csv`;
  const response = await services.http.open('GET', url, { query: params, signal });
  const chunks: Uint8Array<ArrayBuffer>[] = [];
  const counter = createCsvRecordCounter();
  const decoder = new TextDecoder();
  let bytes = 0;
  if (response.body) {
    const reader = response.body.getReader();
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      chunks.push(value);
      bytes += value.byteLength;
      counter.push(decoder.decode(value, { stream: true }));
      onProgress({ rows: Math.max(counter.records - 1, 0), bytes });
    }
  }
  return {
    blob: new Blob(chunks, { type: 'text/csv;charset=utf-8' }),
    fileName: fileNameOf(response.headers.get('content-disposition')) ?? `${descriptor.name}.csv`,
    rows: Math.max(counter.records - 1, 0),
  };
}

function fileNameOf(disposition: string | null): string | undefined {
  return disposition?.match(/filename="([^"]+)"/)?.[1];
}

/** Hands a Blob to the browser as a download. */
export function saveBlob(blob: Blob, fileName: string, doc: Document = document): void {
  const url = URL.createObjectURL(blob);
  const link = doc.createElement('a');
  link.href = url;
  link.download = fileName;
  link.style.display = 'none';
  doc.body.append(link);
  link.click();
  link.remove();
  // Revoked on the next task: the click has started the download by then.
  setTimeout(() => URL.revokeObjectURL(url), 0);
}
