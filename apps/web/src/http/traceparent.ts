/**
 * W3C Trace Context (https://www.w3.org/TR/trace-context/): every API request carries a
 * `traceparent`, so a server that traces (docs/operations.md, "Traces") files its spans under a trace
 * the browser's request began. The panel records no spans itself: the header only names the trace
 * and the request as its parent, with the sampled flag set so the server keeps it.
 */

/** Fills the array with random bytes; `crypto.getRandomValues` in the browser. */
export type RandomFill = (bytes: Uint8Array<ArrayBuffer>) => void;

const browserRandom: RandomFill = (bytes) => {
  crypto.getRandomValues(bytes);
};

function randomHex(length: number, fill: RandomFill): string {
  const bytes = new Uint8Array(length);
  // An all-zero id is invalid (the server would start a trace of its own): draw again.
  do fill(bytes);
  while (bytes.every((byte) => byte === 0));
  return Array.from(bytes, (byte) => byte.toString(16).padStart(2, '0')).join('');
}

/** A fresh `traceparent`: version 00, a 16-byte trace id, an 8-byte parent id, flags 01 (sampled). */
export function newTraceparent(fill: RandomFill = browserRandom): string {
  return `00-${randomHex(16, fill)}-${randomHex(8, fill)}-01`;
}
