import { Readable } from 'node:stream';

export class UploadTooLarge extends Error {}

/**
 * The bytes of one uploaded file as they arrive: the start is read for sniffing, the rest passes
 * through a counter that fails the stream as soon as it exceeds the limit. Nothing is buffered
 * beyond the sniffed start and the chunk in flight.
 */
export function createUploadBody(source: Readable) {
  const iterator = source[Symbol.asyncIterator]() as AsyncIterator<Buffer>;
  let ended = false;
  let consumed = 0;
  let streamed = 0;
  let exceeded = false;
  const tooLarge = () => {
    exceeded = true;
    return new UploadTooLarge();
  };

  const next = async (): Promise<Buffer | undefined> => {
    if (ended) return undefined;
    const step = await iterator.next();
    if (step.done) {
      ended = true;
      return undefined;
    }
    consumed += step.value.length;
    return step.value;
  };

  return {
    /** Reads at least `bytes` (or all there is) and keeps it to be passed on by `stream`. */
    async head(bytes: number): Promise<Buffer> {
      const chunks: Buffer[] = [];
      let length = 0;
      while (length < bytes) {
        const chunk = await next();
        if (!chunk) break;
        chunks.push(chunk);
        length += chunk.length;
      }
      return Buffer.concat(chunks);
    },

    /** The whole file, starting with `head`, failing with UploadTooLarge past `limit` bytes. */
    stream(head: Buffer, limit: number): Readable {
      return Readable.from(
        (async function* () {
          streamed = head.length;
          if (streamed > limit) throw tooLarge();
          if (head.length > 0) yield head;
          for (;;) {
            const chunk = await next();
            if (!chunk) return;
            streamed += chunk.length;
            if (streamed > limit) throw tooLarge();
            yield chunk;
          }
        })(),
      );
    },

    /** Bytes passed on by `stream` so far: the file's size once the store has taken it all. */
    size: () => streamed,
    /** True once the stream failed for its size (whatever error the store then reported). */
    exceeded: () => exceeded,

    /**
     * Reads and discards the rest, so the client gets the answer instead of a broken connection;
     * false when more than `cap` bytes remain (the caller then closes the connection).
     */
    async drain(cap: number): Promise<boolean> {
      const start = consumed;
      try {
        while (await next()) if (consumed - start > cap) return false;
        return true;
      } catch {
        return false;
      }
    },
  };
}

export type UploadBody = ReturnType<typeof createUploadBody>;
