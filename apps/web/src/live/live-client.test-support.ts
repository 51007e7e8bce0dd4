/** Test doubles for the live client: a streamed response body the test writes to, and a fake fetch. */

export interface FakeStream {
  response: Response;
  push(text: string): void;
  close(): void;
  fail(): void;
  /** True once the client cancelled or aborted the body. */
  cancelled: () => boolean;
}

export function fakeStream(
  options: { status?: number; contentType?: string; signal?: AbortSignal } = {},
): FakeStream {
  const encoder = new TextEncoder();
  let controller: ReadableStreamDefaultController<Uint8Array> | null = null;
  let cancelled = false;
  const stream = new ReadableStream<Uint8Array>({
    start(c) {
      controller = c;
    },
    cancel() {
      cancelled = true;
    },
  });
  // A real fetch rejects the body's reads once its signal aborts; the fake must too.
  options.signal?.addEventListener('abort', () => {
    cancelled = true;
    try {
      controller?.error(new DOMException('Aborted', 'AbortError'));
    } catch {
      // Already closed.
    }
  });
  const response = new Response(stream, {
    status: options.status ?? 200,
    headers: { 'Content-Type': options.contentType ?? 'text/event-stream; charset=utf-8' },
  });
  return {
    response,
    push: (text) => controller?.enqueue(encoder.encode(text)),
    close: () => controller?.close(),
    fail: () => controller?.error(new TypeError('network error')),
    cancelled: () => cancelled,
  };
}

export interface FetchCall {
  url: string;
  headers: Record<string, string>;
  signal: AbortSignal | undefined;
}

/**
 * A fetch whose every call waits for the test to answer it: `next()` resolves with the next call,
 * `answer` gives it a response (or an error).
 */
export function fakeFetch() {
  const calls: FetchCall[] = [];
  const pending: Array<{ call: FetchCall; resolve: (r: Response) => void; reject: (e: unknown) => void }> =
    [];
  const fetchFn: typeof fetch = (input, init) =>
    new Promise<Response>((resolve, reject) => {
      const call: FetchCall = {
        url: String(input),
        headers: { ...(init?.headers as Record<string, string>) },
        signal: init?.signal ?? undefined,
      };
      calls.push(call);
      pending.push({ call, resolve, reject });
    });
  return {
    fetchFn,
    calls,
    /** Answers the oldest unanswered call with a stream the test then writes to. */
    openStream(options: { status?: number; contentType?: string } = {}): FakeStream {
      const next = pending.shift();
      if (!next) throw new Error('no fetch call is waiting');
      const stream = fakeStream({ ...options, signal: next.call.signal });
      next.resolve(stream.response);
      return stream;
    },
    fail(error: unknown = new TypeError('Failed to fetch')): void {
      const next = pending.shift();
      if (!next) throw new Error('no fetch call is waiting');
      next.reject(error);
    },
    waiting: () => pending.length,
  };
}
