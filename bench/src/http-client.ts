import http from 'node:http';
import zlib from 'node:zlib';

/**
 * A lean keep-alive GET for load generators. The generator shares the machine's two cores with the
 * server and PostgreSQL; global `fetch` (undici's WHATWG layer) cost ~1 ms of CPU per request, a third
 * of a list request's whole cost, so measuring through it mostly measured the client.
 */
export interface HttpAnswer {
  status: number;
  body: string;
}

const agent = new http.Agent({ keepAlive: true, maxSockets: 64 });

export function httpGet(url: string, headers: Record<string, string> = {}): Promise<HttpAnswer> {
  return new Promise((resolve, reject) => {
    const request = http.get(
      url,
      { agent, headers: { 'accept-encoding': ACCEPTED, ...headers } },
      (response) => {
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.on('end', () => {
          try {
            const body = decode(Buffer.concat(chunks), response.headers['content-encoding']);
            resolve({ status: response.statusCode ?? 0, body: body.toString('utf8') });
          } catch (error) {
            reject(error);
          }
        });
        response.on('error', reject);
      },
    );
    request.on('error', reject);
  });
}

const ACCEPTED = 'gzip, deflate, br';

function decode(body: Buffer, encoding: string | undefined): Buffer {
  if (encoding === 'br') return zlib.brotliDecompressSync(body);
  if (encoding === 'gzip') return zlib.gunzipSync(body);
  if (encoding === 'deflate') return zlib.inflateSync(body);
  return body;
}
