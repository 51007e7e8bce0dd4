import http from 'node:http';
import http2 from 'node:http2';
import type { AddressInfo } from 'node:net';

export interface RecordedRequest {
  method: string;
  path: string;
  headers: Record<string, string | string[] | undefined>;
  body: string;
}

export interface ScriptedAnswer {
  status: number;
  body?: string | object;
  headers?: Record<string, string>;
}

/**
 * A provider's API on a local port: records every request exactly as it arrived and answers from a
 * script (the next queued answer, else the default), so a test can check the wire format and play
 * success, a retryable error and a final one.
 */
export async function startProviderServer(
  fallback: (request: RecordedRequest) => ScriptedAnswer,
  options: { http2?: boolean } = {},
) {
  const requests: RecordedRequest[] = [];
  const queued: ScriptedAnswer[] = [];
  const answer = (request: RecordedRequest): ScriptedAnswer => queued.shift() ?? fallback(request);
  const encode = (body: ScriptedAnswer['body']) =>
    body === undefined ? '' : typeof body === 'string' ? body : JSON.stringify(body);

  const handle = (
    method: string,
    path: string,
    headers: RecordedRequest['headers'],
    stream: NodeJS.ReadableStream,
    respond: (reply: ScriptedAnswer) => void,
  ) => {
    const chunks: Buffer[] = [];
    stream.on('data', (chunk: Buffer) => chunks.push(chunk));
    stream.on('end', () => {
      const request = { method, path, headers, body: Buffer.concat(chunks).toString('utf8') };
      requests.push(request);
      respond(answer(request));
    });
  };

  let close: () => Promise<void>;
  let port: number;
  if (options.http2) {
    // Cleartext HTTP/2 (h2c): the same frames as APNs' TLS connection, without a certificate.
    const server = http2.createServer();
    server.on('stream', (stream, headers) => {
      handle(String(headers[':method']), String(headers[':path']), headers, stream, (reply) => {
        stream.respond({ ':status': reply.status, 'content-type': 'application/json', ...reply.headers });
        stream.end(encode(reply.body));
      });
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    port = (server.address() as AddressInfo).port;
    close = () => new Promise<void>((resolve) => server.close(() => resolve()));
  } else {
    const server = http.createServer((request, response) => {
      handle(request.method ?? '', request.url ?? '', request.headers, request, (reply) => {
        const body = encode(reply.body);
        const type =
          typeof reply.body === 'string' && reply.body.startsWith('<') ? 'text/xml' : 'application/json';
        response.writeHead(reply.status, { 'content-type': type, ...reply.headers });
        response.end(body);
      });
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    port = (server.address() as AddressInfo).port;
    close = () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      });
  }
  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    /** Answers the next requests with these, in order, before the default. */
    next(...answers: ScriptedAnswer[]) {
      queued.push(...answers);
    },
    close: () => close(),
  };
}

export type ProviderServer = Awaited<ReturnType<typeof startProviderServer>>;
