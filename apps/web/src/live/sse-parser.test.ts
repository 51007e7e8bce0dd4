import { describe, expect, it } from 'vitest';
import { createSseParser, type SseEvent } from './sse-parser';

function collect(chunks: string[], initialId?: string) {
  const events: SseEvent[] = [];
  const comments: string[] = [];
  const retries: number[] = [];
  const parser = createSseParser(
    {
      onEvent: (event) => events.push(event),
      onComment: (text) => comments.push(text),
      onRetry: (ms) => retries.push(ms),
    },
    initialId,
  );
  for (const chunk of chunks) parser.push(chunk);
  return { events, comments, retries, parser };
}

describe('createSseParser', () => {
  it('reads id, event and data fields and dispatches on a blank line', () => {
    const { events, parser } = collect(['id: 7\nevent: change\ndata: {"a":1}\n\n']);
    expect(events).toEqual([{ event: 'change', data: '{"a":1}', lastEventId: '7' }]);
    expect(parser.lastEventId()).toBe('7');
  });

  it('joins multi-line data with LF and names an untyped event "message"', () => {
    const { events } = collect(['data: one\ndata: two\ndata\n\n']);
    expect(events).toEqual([{ event: 'message', data: 'one\ntwo\n', lastEventId: '' }]);
  });

  it('takes frames split anywhere, even inside a field name', () => {
    const text = 'id: 12\nevent: change\ndata: {"x":"y"}\n\nid: 13\nevent: reset\ndata: \n\n';
    for (let size = 1; size <= 5; size += 1) {
      const chunks: string[] = [];
      for (let at = 0; at < text.length; at += size) chunks.push(text.slice(at, at + size));
      const { events, parser } = collect(chunks);
      expect(events.map((event) => [event.event, event.data, event.lastEventId])).toEqual([
        ['change', '{"x":"y"}', '12'],
        ['reset', '', '13'],
      ]);
      expect(parser.lastEventId()).toBe('13');
    }
  });

  it('accepts CRLF and lone CR line ends, a CR LF pair split between chunks included', () => {
    const { events } = collect(['id: 1\r', '\nevent: change\r\ndata: a\r\r', '\ndata: b\n\n']);
    // The CR LF split across chunks is one line break; `\r\r\n` ends the frame, then `data: b` is another.
    expect(events).toEqual([
      { event: 'change', data: 'a', lastEventId: '1' },
      { event: 'message', data: 'b', lastEventId: '1' },
    ]);
  });

  it('reports comments (heartbeats) without dispatching anything', () => {
    const { events, comments } = collect([': heartbeat\n\n:ping\n']);
    expect(events).toEqual([]);
    expect(comments).toEqual(['heartbeat', 'ping']);
  });

  it('does not dispatch a frame without data, but its id still moves the cursor', () => {
    const { events, parser } = collect(['id: 40\n\n']);
    expect(events).toEqual([]);
    expect(parser.lastEventId()).toBe('40');
  });

  it('keeps the cursor it was started with until the stream names another', () => {
    const { events } = collect(['event: change\ndata: x\n\n'], '99');
    expect(events[0]?.lastEventId).toBe('99');
  });

  it('keeps only one leading space of a value, and takes a retry field', () => {
    const { events, retries } = collect(['data:  two spaces\nretry: 3000\nretry: soon\n\n']);
    expect(events[0]?.data).toBe(' two spaces');
    expect(retries).toEqual([3000]);
  });

  it('holds back an incomplete last frame', () => {
    const { events } = collect(['event: change\ndata: x\n']);
    expect(events).toEqual([]);
  });
});
