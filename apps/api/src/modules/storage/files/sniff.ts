import { fileTypeFromBuffer } from 'file-type';

/** How much of the start of a file the MIME sniffer reads (what `file-type` needs for every format it knows). */
export const SNIFF_BYTES = 4100;

/**
 * Text formats cannot be told apart by their bytes, only from binary. When the content is text, the
 * extension picks among these; anything else that is text is text/plain. A binary format's magic
 * bytes always win, so `photo.png` holding text is text/plain, never image/png.
 */
const TEXT_TYPES: Record<string, string> = {
  txt: 'text/plain',
  log: 'text/plain',
  csv: 'text/csv',
  tsv: 'text/tab-separated-values',
  md: 'text/markdown',
  json: 'application/json',
  xml: 'application/xml',
  yaml: 'application/yaml',
  yml: 'application/yaml',
  html: 'text/html',
  htm: 'text/html',
  css: 'text/css',
  js: 'text/javascript',
  mjs: 'text/javascript',
  svg: 'image/svg+xml',
};

/** The MIME type of a file from its first bytes (`head`), never from what the client claimed. */
export async function sniffMime(head: Buffer, extension: string): Promise<string> {
  if (head.length === 0) return 'application/octet-stream';
  const detected = await fileTypeFromBuffer(head);
  if (detected) return detected.mime;
  if (isText(head)) return TEXT_TYPES[extension] ?? 'text/plain';
  return 'application/octet-stream';
}

/** UTF-8 without NUL bytes; a character cut at the end of the sample is fine. */
function isText(head: Buffer): boolean {
  if (head.includes(0)) return false;
  try {
    new TextDecoder('utf-8', { fatal: true }).decode(head, { stream: true });
    return true;
  } catch {
    return false;
  }
}

/** Types a browser may show inline from our origin without running anything. */
const INLINE_SAFE = /^(image\/(png|jpeg|gif|webp|avif|bmp)|application\/pdf)$/;
const TEXT_LIKE = /^(text\/|application\/(json|xml|yaml)$|image\/svg\+xml$)/;

/**
 * How a blob is served: safe images and PDFs as they are; text of any kind as text/plain (an HTML or
 * SVG upload must never run as a page); anything else only as a download.
 */
export function servedAs(
  mime: string,
  wanted: 'inline' | 'attachment',
): { type: string; disposition: 'inline' | 'attachment' } {
  if (wanted === 'inline' && INLINE_SAFE.test(mime)) return { type: mime, disposition: 'inline' };
  if (wanted === 'inline' && TEXT_LIKE.test(mime))
    return { type: 'text/plain; charset=utf-8', disposition: 'inline' };
  return { type: mime, disposition: 'attachment' };
}

/** `attachment; filename="..."; filename*=UTF-8''...`: ASCII fallback plus the exact Unicode name (RFC 6266). */
export function contentDisposition(disposition: 'inline' | 'attachment', name: string): string {
  const fallback = name.replace(/[^\x20-\x7e]|["\\]/g, '_');
  return `${disposition}; filename="${fallback}"; filename*=UTF-8''${encodeRfc5987(name)}`;
}

function encodeRfc5987(value: string): string {
  return encodeURIComponent(value).replace(
    /['()*]/g,
    (char) => `%${char.charCodeAt(0).toString(16).toUpperCase()}`,
  );
}
