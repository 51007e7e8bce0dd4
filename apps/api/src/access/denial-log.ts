import type { FastifyRequest } from 'fastify';
import type { AuditSink } from '../resources/audit-sink.js';

/** At most this many denied requests of one administrator are written per minute and process. */
const PER_MINUTE = 10;
const MINUTE_MS = 60_000;

interface Window {
  startedAt: number;
  written: number;
  suppressed: number;
}

/**
 * Writes refused requests to the audit log, a few a minute per administrator: a script looping on a
 * forbidden route cannot flood the log, and the next entry after a quiet spell says how many were
 * left out. The window is per process (each process of a deployment writes at most its share).
 */
export function createDenialLog(audit: () => AuditSink, now: () => number = Date.now) {
  const windows = new Map<number, Window>();

  return async function recordDenial(
    request: FastifyRequest,
    adminId: number,
    detail: { resource: string; action: string; field?: string },
  ): Promise<void> {
    const time = now();
    let window = windows.get(adminId);
    if (!window || time - window.startedAt >= MINUTE_MS) {
      window = { startedAt: time, written: 0, suppressed: window?.suppressed ?? 0 };
      windows.set(adminId, window);
      if (windows.size > 10_000) windows.clear();
    }
    if (window.written >= PER_MINUTE) {
      window.suppressed += 1;
      return;
    }
    window.written += 1;
    const suppressed = window.suppressed;
    window.suppressed = 0;
    await audit().record(request, {
      action: 'denied',
      resource: detail.resource,
      detail: {
        action: detail.action,
        method: request.method,
        route: request.routeOptions.url ?? null,
        ...(detail.field ? { field: detail.field } : {}),
        ...(suppressed > 0 ? { suppressed } : {}),
      },
    });
  };
}
