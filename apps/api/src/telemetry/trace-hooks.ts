/**
 * The seam between the server's code and tracing. It imports nothing from OpenTelemetry: with tracing
 * off (no `OTEL_EXPORTER_OTLP_ENDPOINT`) the hooks stay null and each call below is one null check,
 * so the e-mail queue and the delivery worker need not know whether the SDK was loaded.
 */

/** Span attributes the callers may set: ids, names of closed sets and counts, never personal data. */
export type TraceAttributes = Record<string, string | number | boolean>;

/** What the started SDK supplies (`start-telemetry.ts`). */
export interface TraceHooks {
  /** The active span's W3C `traceparent`, or null outside a sampled trace. */
  traceparent(): string | null;
  /**
   * Runs `work` in a new root span (the worker's sends run outside any request) that links to the
   * trace named by `linked` (the request that queued the message), when it is a valid `traceparent`.
   */
  inLinkedSpan<T>(
    name: string,
    linked: string | null,
    attributes: TraceAttributes,
    work: () => Promise<T>,
  ): Promise<T>;
  /** Runs `work` in a client span under the active one: a call that no instrumentation sees (SMTP). */
  inClientSpan<T>(name: string, attributes: TraceAttributes, work: () => Promise<T>): Promise<T>;
  /** Records an outcome on the active span; `failed` marks it as an error (no message: it may hold an address). */
  outcome(outcome: string, failed: boolean): void;
}

let hooks: TraceHooks | null = null;

/** Set once the SDK has started; null again when it shuts down. */
export function installTraceHooks(next: TraceHooks | null): void {
  hooks = next;
}

export function currentTraceparent(): string | null {
  return hooks === null ? null : hooks.traceparent();
}

export function inLinkedSpan<T>(
  name: string,
  linked: string | null,
  attributes: TraceAttributes,
  work: () => Promise<T>,
): Promise<T> {
  return hooks === null ? work() : hooks.inLinkedSpan(name, linked, attributes, work);
}

export function inClientSpan<T>(
  name: string,
  attributes: TraceAttributes,
  work: () => Promise<T>,
): Promise<T> {
  return hooks === null ? work() : hooks.inClientSpan(name, attributes, work);
}

export function recordSpanOutcome(outcome: string, failed: boolean): void {
  hooks?.outcome(outcome, failed);
}
