import {
  type ImportQuery,
  type ImportReport,
  importReportSchema,
  type ResourceDescriptor,
} from '@pult/contract';
import type { Services } from '../../app/services';
import { withQuery } from '../../http/http-client';
import { uploadWithProgress } from '../../http/upload-with-progress';

const importUrl = (services: Services, descriptor: ResourceDescriptor) =>
  `${services.serviceUrl(descriptor.service, descriptor.path)}/import`;

const queryParams = (query: ImportQuery) => ({
  mode: query.mode,
  onConflict: query.onConflict,
  rows: query.rows,
  filename: query.filename,
});

/** `POST <list>/import`: a dry run or a commit of `file`, answered by the report. */
export async function sendImport(
  services: Services,
  descriptor: ResourceDescriptor,
  file: Blob,
  query: ImportQuery,
  signal?: AbortSignal,
): Promise<ImportReport> {
  const body = await services.http.post<unknown>(importUrl(services, descriptor), file, {
    query: queryParams(query),
    signal,
  });
  return importReportSchema.parse(body);
}

/**
 * A commit of `file`, reporting the bytes sent: the server reads the file as it writes its rows, so
 * what has left the browser is what the server has got to (give or take a batch and its buffers).
 */
export async function commitImport(
  services: Services,
  descriptor: ResourceDescriptor,
  file: Blob,
  query: ImportQuery,
  locale: string,
  onProgress: (loaded: number, total: number) => void,
  signal?: AbortSignal,
): Promise<ImportReport> {
  const url = withQuery(importUrl(services, descriptor), queryParams({ ...query, mode: 'commit' }));
  const body = await uploadWithProgress<unknown>(url, file, {
    session: services.session,
    locale,
    onProgress,
    onStepUp: () => services.stepUp.confirm(),
    signal,
  });
  return importReportSchema.parse(body);
}

/** The rejected rows of a dry run as a CSV file with their reasons, for fixing in a spreadsheet. */
export async function fetchRejectedRows(
  services: Services,
  descriptor: ResourceDescriptor,
  file: Blob,
  query: ImportQuery,
): Promise<Blob> {
  const response = await services.http.open('POST', importUrl(services, descriptor), {
    body: file,
    query: queryParams({ ...query, mode: 'dry-run' }),
    headers: { Accept: 'text/csv' },
  });
  return response.blob();
}
