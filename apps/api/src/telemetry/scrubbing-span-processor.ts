import type { Context } from '@opentelemetry/api';
import type { ReadableSpan, Span, SpanProcessor } from '@opentelemetry/sdk-trace';
import { type ScrubbedSpan, scrubSpan } from './scrub-attributes.js';

/**
 * Wraps the exporting processor and scrubs each span as it ends, before it is queued for export:
 * the instrumentations' own options cannot leave out a client's address or a URL's query string.
 */
export class ScrubbingSpanProcessor implements SpanProcessor {
  constructor(private readonly next: SpanProcessor) {}

  onStart(span: Span, parentContext: Context): void {
    this.next.onStart(span, parentContext);
  }

  onEnd(span: ReadableSpan): void {
    // A ReadableSpan is typed read-only, but its attributes, status and events are the span's own plain
    // objects and nothing reads them between the end and the export: edited here is what is sent.
    scrubSpan(span as unknown as ScrubbedSpan);
    this.next.onEnd(span);
  }

  forceFlush(): Promise<void> {
    return this.next.forceFlush();
  }

  shutdown(): Promise<void> {
    return this.next.shutdown();
  }
}
