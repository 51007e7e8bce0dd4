import type { IncomingMessage } from 'node:http';
import { createRequire } from 'node:module';
import type { Link } from '@opentelemetry/api';
import packageJson from '../../package.json' with { type: 'json' };
import { nameServerSpansByRoute } from './fastify-route-names.js';
import { traceEmbeddedStatements } from './pglite-spans.js';
import { ScrubbingSpanProcessor } from './scrubbing-span-processor.js';
import { installTraceHooks, type TraceHooks } from './trace-hooks.js';

/** A started SDK: flush what is buffered (a test, a shutdown), or stop. */
export interface Telemetry {
  forceFlush(): Promise<void>;
  shutdown(): Promise<void>;
}

/** Probes and scrapes: many a minute, each a trace of its own with nothing to follow. */
const UNTRACED_PATHS = ['/healthz', '/readyz', '/metrics'];

function untraced(request: IncomingMessage): boolean {
  const path = request.url?.split('?')[0] ?? '';
  return UNTRACED_PATHS.includes(path);
}

function positiveNumber(value: string | undefined): number | undefined {
  const number = Number(value);
  return value !== undefined && Number.isFinite(number) && number > 0 ? number : undefined;
}

/**
 * Starts the OpenTelemetry Node SDK: traces over OTLP/HTTP to `OTEL_EXPORTER_OTLP_ENDPOINT` (the
 * exporter reads it and the other `OTEL_EXPORTER_OTLP_*` variables itself), W3C `traceparent` in and
 * out, spans for HTTP in and out (S3 and SNS through the AWS SDK), `fetch` (SMS and push providers),
 * PostgreSQL and PGlite statements. Metrics stay with prom-client and logs with pino.
 *
 * Every OpenTelemetry package is imported here, dynamically, and this module is itself imported only
 * when tracing is configured (`telemetry-switch.ts`): the bundler keeps such imports dynamic, so a
 * process without tracing never loads the SDK.
 */
export async function startTelemetry(): Promise<Telemetry> {
  const [
    api,
    { NodeSDK, core },
    { OTLPTraceExporter },
    { BatchSpanProcessor },
    { resourceFromAttributes },
    { HttpInstrumentation },
    { PgInstrumentation },
    { UndiciInstrumentation },
    { PGlite },
  ] = await Promise.all([
    import('@opentelemetry/api'),
    import('@opentelemetry/sdk-node'),
    import('@opentelemetry/exporter-trace-otlp-http'),
    import('@opentelemetry/sdk-trace'),
    import('@opentelemetry/resources'),
    import('@opentelemetry/instrumentation-http'),
    import('@opentelemetry/instrumentation-pg'),
    import('@opentelemetry/instrumentation-undici'),
    import('@electric-sql/pglite'),
  ]);

  const exporting = new BatchSpanProcessor({
    exporter: new OTLPTraceExporter(),
    // The processor takes its batching options as arguments only; the standard variables still apply.
    scheduledDelayMillis: positiveNumber(process.env.OTEL_BSP_SCHEDULE_DELAY),
    exportTimeoutMillis: positiveNumber(process.env.OTEL_BSP_EXPORT_TIMEOUT),
    maxQueueSize: positiveNumber(process.env.OTEL_BSP_MAX_QUEUE_SIZE),
    maxExportBatchSize: positiveNumber(process.env.OTEL_BSP_MAX_EXPORT_BATCH_SIZE),
  });
  const sdk = new NodeSDK({
    resource: resourceFromAttributes({ 'service.name': 'pult', 'service.version': packageJson.version }),
    spanProcessors: [new ScrubbingSpanProcessor(exporting)],
    // prom-client serves the metrics and pino writes the logs: no OTLP metrics or logs.
    metricReaders: [],
    logRecordProcessors: [],
    instrumentations: [
      new HttpInstrumentation({ ignoreIncomingRequestHook: untraced }),
      // Statements outside a request (the delivery worker polling its queue) would each be a trace.
      // Values are never recorded (`enhancedDatabaseReporting` off): only the parameterised SQL.
      new PgInstrumentation({ requireParentSpan: true, enhancedDatabaseReporting: false }),
      new UndiciInstrumentation(),
    ],
  });
  sdk.start();

  // `require-in-the-middle` patches a module when it is next required through the CommonJS loader, but
  // the server imports `pg` and `http` as ES modules (and the bundle loads them before this runs).
  // Both instrumentations patch prototypes in place, so one `require` each here reaches every user.
  const require = createRequire(import.meta.url);
  for (const id of ['node:http', 'node:https', 'pg']) require(id);

  const stopRouteNames = nameServerSpansByRoute(api, core);
  const stopPglite = traceEmbeddedStatements(api, PGlite);
  const tracer = api.trace.getTracer('pult', packageJson.version);

  const hooks: TraceHooks = {
    traceparent() {
      if (api.trace.getActiveSpan() === undefined) return null;
      const carrier: { traceparent?: string } = {};
      api.propagation.inject(api.context.active(), carrier);
      return carrier.traceparent ?? null;
    },
    inLinkedSpan(name, linked, attributes, work) {
      const links: Link[] = [];
      if (linked !== null) {
        const queued = api.trace.getSpanContext(
          api.propagation.extract(api.ROOT_CONTEXT, { traceparent: linked }),
        );
        if (queued !== undefined && api.trace.isSpanContextValid(queued)) links.push({ context: queued });
      }
      return tracer.startActiveSpan(
        name,
        { root: true, kind: api.SpanKind.CONSUMER, links, attributes },
        async (span) => {
          try {
            return await work();
          } catch (error) {
            span.setStatus({ code: api.SpanStatusCode.ERROR });
            throw error;
          } finally {
            span.end();
          }
        },
      );
    },
    inClientSpan(name, attributes, work) {
      return tracer.startActiveSpan(name, { kind: api.SpanKind.CLIENT, attributes }, async (span) => {
        try {
          return await work();
        } catch (error) {
          // The error's text may quote the recipient (an SMTP 550 names the mailbox): status only.
          span.setStatus({ code: api.SpanStatusCode.ERROR });
          throw error;
        } finally {
          span.end();
        }
      });
    },
    outcome(outcome, failed) {
      const span = api.trace.getActiveSpan();
      span?.setAttribute('pult.delivery.outcome', outcome);
      if (failed) span?.setStatus({ code: api.SpanStatusCode.ERROR });
    },
  };
  installTraceHooks(hooks);

  return {
    forceFlush: () => exporting.forceFlush(),
    async shutdown() {
      installTraceHooks(null);
      stopRouteNames();
      stopPglite();
      await sdk.shutdown();
    },
  };
}
