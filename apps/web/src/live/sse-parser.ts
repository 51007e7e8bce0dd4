/**
 * An incremental parser of the `text/event-stream` format (WHATWG HTML, "Server-sent events"), for a
 * stream read through `fetch` rather than `EventSource`: the panel sends its access token in the
 * `Authorization` header, which `EventSource` cannot do (and a token in the URL would end up in logs).
 */

/** One dispatched event: its type (`message` when the frame named none), its data, the last event id. */
export interface SseEvent {
  event: string;
  data: string;
  /** The last `id:` seen on the stream so far (the stream's cursor), or '' when none yet. */
  lastEventId: string;
}

export interface SseParserHandlers {
  onEvent: (event: SseEvent) => void;
  /** Comment lines (`: heartbeat`): they carry nothing but prove the connection is alive. */
  onComment?: (text: string) => void;
  /** A `retry:` field: the server's suggested reconnection delay in milliseconds. */
  onRetry?: (ms: number) => void;
}

export interface SseParser {
  /** Feeds decoded text; chunks may split lines, and a CR LF pair, anywhere. */
  push(chunk: string): void;
  /** The last event id seen, as `Last-Event-ID` must repeat it on a reconnect. */
  lastEventId(): string;
}

export function createSseParser(handlers: SseParserHandlers, initialLastEventId = ''): SseParser {
  let buffer = '';
  // A chunk that ended on CR: an LF opening the next chunk belongs to the same line break.
  let skipLeadingLf = false;
  let eventType = '';
  let data: string[] = [];
  let lastEventId = initialLastEventId;

  function dispatch(): void {
    const type = eventType === '' ? 'message' : eventType;
    const hadData = data.length > 0;
    const text = data.join('\n');
    eventType = '';
    data = [];
    // The spec drops an event without data (an `id:`-only frame still moves the cursor).
    if (!hadData) return;
    handlers.onEvent({ event: type, data: text, lastEventId });
  }

  function processLine(line: string): void {
    if (line === '') {
      dispatch();
      return;
    }
    if (line.startsWith(':')) {
      handlers.onComment?.(line.slice(1).trimStart());
      return;
    }
    const colon = line.indexOf(':');
    const field = colon === -1 ? line : line.slice(0, colon);
    let value = colon === -1 ? '' : line.slice(colon + 1);
    if (value.startsWith(' ')) value = value.slice(1);
    switch (field) {
      case 'event':
        eventType = value;
        break;
      case 'data':
        data.push(value);
        break;
      case 'id':
        // A NUL in an id is ignored by the spec (it could not be sent back in a header).
        if (!value.includes('\0')) lastEventId = value;
        break;
      case 'retry':
        if (/^\d+$/.test(value)) handlers.onRetry?.(Number(value));
        break;
      default:
        // Unknown fields are ignored, as the spec says.
        break;
    }
  }

  return {
    push(chunk) {
      let text = chunk;
      if (skipLeadingLf && text.startsWith('\n')) text = text.slice(1);
      skipLeadingLf = false;
      buffer += text;
      let start = 0;
      for (let index = 0; index < buffer.length; index += 1) {
        const char = buffer[index];
        if (char !== '\n' && char !== '\r') continue;
        processLine(buffer.slice(start, index));
        if (char === '\r') {
          if (index + 1 < buffer.length) {
            if (buffer[index + 1] === '\n') index += 1;
          } else {
            skipLeadingLf = true;
          }
        }
        start = index + 1;
      }
      buffer = buffer.slice(start);
    },
    lastEventId: () => lastEventId,
  };
}
