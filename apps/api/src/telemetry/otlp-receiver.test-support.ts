import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

/** A span as received, flattened out of OTLP/JSON's resource and scope envelopes. */
export interface ReceivedSpan {
  traceId: string;
  spanId: string;
  parentSpanId: string;
  name: string;
  /** OTLP's numbering: 1 internal, 2 server, 3 client, 4 producer, 5 consumer. */
  kind: number;
  scope: string;
  attributes: Record<string, unknown>;
  links: { traceId: string; spanId: string }[];
  resource: Record<string, unknown>;
}

interface OtlpValue {
  stringValue?: string;
  intValue?: string | number;
  boolValue?: boolean;
  doubleValue?: number;
}
interface OtlpAttribute {
  key: string;
  value: OtlpValue;
}
interface OtlpSpan {
  traceId: string;
  spanId: string;
  parentSpanId?: string;
  name: string;
  kind: number;
  attributes?: OtlpAttribute[];
  links?: { traceId: string; spanId: string }[];
}
interface OtlpTraces {
  resourceSpans: {
    resource?: { attributes?: OtlpAttribute[] };
    scopeSpans: { scope?: { name?: string }; spans: OtlpSpan[] }[];
  }[];
}

function attributeMap(attributes: OtlpAttribute[] | undefined): Record<string, unknown> {
  const map: Record<string, unknown> = {};
  for (const { key, value } of attributes ?? []) {
    map[key] = value.stringValue ?? value.intValue ?? value.boolValue ?? value.doubleValue;
  }
  return map;
}

/**
 * A collector for tests: accepts OTLP/HTTP JSON on `/v1/traces` (what `exporter-trace-otlp-http`
 * sends) and keeps every span, with the raw bodies for checks on what must never be sent.
 */
export async function startOtlpReceiver(): Promise<{
  url: string;
  spans: ReceivedSpan[];
  bodies: string[];
  close(): Promise<void>;
}> {
  const spans: ReceivedSpan[] = [];
  const bodies: string[] = [];
  const server: Server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const body = Buffer.concat(chunks).toString('utf8');
      if (request.url === '/v1/traces') {
        bodies.push(body);
        const traces = JSON.parse(body) as OtlpTraces;
        for (const resourceSpans of traces.resourceSpans) {
          const resource = attributeMap(resourceSpans.resource?.attributes);
          for (const scopeSpans of resourceSpans.scopeSpans) {
            for (const span of scopeSpans.spans) {
              spans.push({
                traceId: span.traceId,
                spanId: span.spanId,
                parentSpanId: span.parentSpanId ?? '',
                name: span.name,
                kind: span.kind,
                scope: scopeSpans.scope?.name ?? '',
                attributes: attributeMap(span.attributes),
                links: (span.links ?? []).map(({ traceId, spanId }) => ({ traceId, spanId })),
                resource,
              });
            }
          }
        }
      }
      response.writeHead(200, { 'content-type': 'application/json' }).end('{}');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    spans,
    bodies,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}
