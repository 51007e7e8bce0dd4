import type { MessageKey } from '../messages.js';

/**
 * A file's path inside its bucket (`photos/2026/ліс.jpg`): names separated by `/`, kept exactly as
 * given (Unicode included, no normalisation). It is only ever stored as data; blobs are keyed by ids,
 * so a path can never name a place in the blob store. Still, what could confuse a person or another
 * system is refused: absolute paths, `.`/`..`, empty names, backslashes, control and bidirectional
 * override characters, and lengths S3 could not hold.
 */
export const MAX_PATH_BYTES = 1024;
export const MAX_PATH_SEGMENT_BYTES = 255;

// C0 and C1 controls, DEL, and the bidirectional overrides and isolates that can disguise an
// extension (`invoice\u202Efdp.exe` shows as `invoiceexe.pdf`).
// biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what this rule refuses.
const FORBIDDEN_CHARS = /[\u0000-\u001f\u007f-\u009f\u202a-\u202e\u2066-\u2069]/;

// Half of a surrogate pair: no character at all, and not encodable as UTF-8.
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

const utf8 = new TextEncoder();

/** Why a path is refused, or null when it is acceptable. */
export function pathError(path: string): MessageKey | null {
  if (path === '') return 'required';
  if (LONE_SURROGATE.test(path) || FORBIDDEN_CHARS.test(path)) return 'pathControlChars';
  if (path.startsWith('/') || /^[A-Za-z]:/.test(path)) return 'pathAbsolute';
  if (path.includes('\\')) return 'pathEmptySegment';
  const segments = path.split('/');
  if (segments.some((segment) => segment === '')) return 'pathEmptySegment';
  if (segments.some((segment) => segment === '.' || segment === '..')) return 'pathDotSegment';
  if (utf8.encode(path).length > MAX_PATH_BYTES) return 'pathTooLong';
  if (segments.some((segment) => utf8.encode(segment).length > MAX_PATH_SEGMENT_BYTES)) return 'pathTooLong';
  return null;
}

/** A folder typed in the upload form plus a file's own name: `docs/` + `a.pdf` → `docs/a.pdf`. */
export function joinPath(folder: string, name: string): string {
  const trimmed = folder.trim().replace(/^\/+|\/+$/g, '');
  return trimmed === '' ? name : `${trimmed}/${name}`;
}

/** The extension a bucket's rule compares: lower case, without the dot; '' when the name has none. */
export function extensionOf(path: string): string {
  const name = path.slice(path.lastIndexOf('/') + 1);
  const dot = name.lastIndexOf('.');
  return dot <= 0 ? '' : name.slice(dot + 1).toLowerCase();
}

/** The last name of a path: what a download is saved as. */
export function fileNameOf(path: string): string {
  return path.slice(path.lastIndexOf('/') + 1);
}

/** Whether a MIME type is accepted by a bucket's list (`image/*` accepts every image); empty accepts all. */
export function mimeAllowed(mime: string, allowed: readonly string[]): boolean {
  if (allowed.length === 0) return true;
  const family = `${mime.split('/')[0]}/*`;
  return allowed.includes(mime) || allowed.includes(family);
}

/** Whether an extension is accepted by a bucket's list; empty accepts all. */
export function extensionAllowed(extension: string, allowed: readonly string[]): boolean {
  return allowed.length === 0 || allowed.includes(extension);
}
