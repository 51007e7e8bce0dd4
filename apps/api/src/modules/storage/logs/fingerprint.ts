import { createHash } from 'node:crypto';

/**
 * What makes two errors "the same" for triage: the service, the message with its variable parts
 * (ids, numbers, addresses) replaced by placeholders, and the top frame of the stack without line
 * numbers, so the same fault groups together across requests and deploys.
 */
export function normaliseMessage(message: string): string {
  return message
    .replace(/\b[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}\b/gi, '<uuid>')
    .replace(/\b[\w.+-]+@[\w-]+(\.[\w-]+)+\b/g, '<email>')
    .replace(/\b0x[0-9a-f]+\b/gi, '<hex>')
    .replace(/\b(?=[0-9a-f]*\d)(?=[0-9a-f]*[a-f])[0-9a-f]{8,}\b/gi, '<hex>')
    .replace(/\d+(\.\d+)?/g, '<n>')
    .replace(/\s+/g, ' ')
    .trim();
}

/** The innermost frame of a stack trace: `at …` lines (JavaScript, Java, .NET) or Python's last `File …`. */
export function topFrame(trace: string | null | undefined): string | null {
  if (!trace) return null;
  const lines = trace.split('\n').map((line) => line.trim());
  const atFrame = lines.find((line) => /^at\s+\S/.test(line));
  const frame = atFrame ?? lines.filter((line) => /^File\s+"/.test(line)).at(-1);
  if (!frame) return null;
  return frame
    .replace(/:\d+(:\d+)?\)?$/, (tail) => (tail.endsWith(')') ? ')' : ''))
    .replace(/, line \d+/, '')
    .slice(0, 500);
}

export function errorFingerprint(service: string, message: string, trace: string | null | undefined): string {
  return createHash('sha256')
    .update(`${service}\n${normaliseMessage(message)}\n${topFrame(trace) ?? ''}`)
    .digest('hex');
}
