import { LIVE_EVENTS_PATH, type LiveChange, liveChangeSchema, SERVICE_BASE_PATHS } from '@pult/contract';

export interface Frame {
  event: string;
  id?: string;
  change?: LiveChange;
}

/**
 * A panel's side of the stream, as a test drives it: `fetch` with the token in `Authorization`, the
 * body read as it arrives and cut into frames. `next` waits for the next frame that is not a comment.
 */
export async function openLiveStream(baseUrl: string, authorization: string, lastEventId?: string) {
  const abort = new AbortController();
  const response = await fetch(`${baseUrl}${SERVICE_BASE_PATHS.auth}${LIVE_EVENTS_PATH}`, {
    headers: { authorization, ...(lastEventId ? { 'last-event-id': lastEventId } : {}) },
    signal: abort.signal,
  });
  const frames: Frame[] = [];
  const waiting: Array<() => void> = [];
  let ended = false;
  let ready = false;
  let lastId: string | undefined = lastEventId;

  const pump = async () => {
    if (!response.body) return;
    const decoder = new TextDecoder();
    let buffer = '';
    try {
      for await (const chunk of response.body) {
        buffer += decoder.decode(chunk, { stream: true });
        if (buffer.includes(': connected\n')) ready = true;
        let at = buffer.indexOf('\n\n');
        while (at >= 0) {
          const frame = parseFrame(buffer.slice(0, at));
          buffer = buffer.slice(at + 2);
          if (frame?.id) lastId = frame.id;
          if (frame && frame.event !== 'id') frames.push(frame);
          at = buffer.indexOf('\n\n');
        }
        for (const wake of waiting.splice(0)) wake();
      }
    } catch {
      // Aborted by the test.
    }
    ended = true;
    for (const wake of waiting.splice(0)) wake();
  };
  void pump();
  // Subscribed once the server says so: a change made after this reaches the stream.
  while (!ready && !ended && response.ok) await new Promise((resolve) => setTimeout(resolve, 5));

  return {
    response,
    frames,
    get ended() {
      return ended;
    },
    /** The cursor a reconnect would send. */
    get lastId() {
      return lastId;
    },
    /** The changes received so far. */
    changes(): LiveChange[] {
      return frames.flatMap((frame) => (frame.change ? [frame.change] : []));
    },
    /** Waits until `test` holds of the frames received (or fails after `ms`). */
    async until(test: (frames: Frame[]) => boolean, ms = 5_000): Promise<void> {
      const deadline = Date.now() + ms;
      while (!test(frames)) {
        if (ended) throw new Error(`The stream ended; frames: ${JSON.stringify(frames)}`);
        if (Date.now() > deadline)
          throw new Error(`No such frame within ${ms} ms; frames: ${JSON.stringify(frames)}`);
        await new Promise<void>((resolve) => {
          waiting.push(resolve);
          setTimeout(resolve, 50);
        });
      }
    },
    close() {
      abort.abort();
    },
  };
}

export type LiveStreamClient = Awaited<ReturnType<typeof openLiveStream>>;

function parseFrame(text: string): Frame | undefined {
  let event = 'message';
  let id: string | undefined;
  let data = '';
  let fields = 0;
  for (const line of text.split('\n')) {
    if (line.startsWith(':')) continue;
    const colon = line.indexOf(':');
    const name = colon < 0 ? line : line.slice(0, colon);
    const value = colon < 0 ? '' : line.slice(colon + 1).replace(/^ /, '');
    fields += 1;
    if (name === 'event') event = value;
    else if (name === 'id') id = value;
    else if (name === 'data') data += data ? `\n${value}` : value;
  }
  if (fields === 0) return undefined;
  if (!data) return { event: event === 'message' ? 'id' : event, ...(id ? { id } : {}) };
  const parsed: unknown = JSON.parse(data);
  const change = event === 'change' ? liveChangeSchema.parse(parsed) : undefined;
  return { event, ...(id ? { id } : {}), ...(change ? { change } : {}) };
}
