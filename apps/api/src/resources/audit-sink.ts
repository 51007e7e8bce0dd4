import type { AuditAction, AuditChange } from '@pult/contract';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Executor } from '../db/database.js';

/** What one audit entry says; who, when, from where are taken from the request. */
export interface AuditEvent {
  action: AuditAction;
  /** The resource's descriptor name (`users`, `email-queue`), or null (sign-in, sign-out). */
  resource: string | null;
  recordId?: string | number | null;
  changes?: AuditChange[];
  /** A module action's `name`, a bulk action's counts: small JSON, never a secret. */
  detail?: Record<string, unknown>;
  /**
   * Who acted, when the request's token does not say (sign-in, password change by code): an id, or
   * only the e-mail a failed sign-in tried.
   */
  actor?: { adminId: number | null; email?: string };
}

/**
 * The audit log as every module sees it. The auth module provides it (`AuthApi.audit`), and the app
 * decorates the server with it, so the shared crud routes and any module's own actions write to it.
 */
export interface AuditSink {
  /** Writes one entry; inside `executor`'s transaction when given, so it commits with the change. */
  record(request: FastifyRequest, event: AuditEvent, executor?: Executor): Promise<void>;
}

declare module 'fastify' {
  interface FastifyInstance {
    audit: AuditSink;
  }
}

export function auditSinkOf(app: FastifyInstance): AuditSink {
  // A resource registered on a server without the audit log would change records unrecorded.
  if (!app.hasDecorator('audit')) throw new Error('The audit log must be decorated before resource routes');
  return app.audit;
}

/** Field names whose values are never written to the log, whatever schema they come from. */
const SECRET_FIELD = /(password|secret|token|api_?key|credential|private)/i;

type Fields = Record<string, unknown>;

const asFields = (value: unknown): Fields =>
  value !== null && typeof value === 'object' && !Array.isArray(value) ? (value as Fields) : {};

/**
 * The fields that differ between two versions of a record. A field the request wrote but the record
 * does not show (a password) is a secret: recorded as changed, without its value. Timestamps the
 * server sets itself are left out: they change on every write and say nothing.
 */
export function diffRecords(before: unknown, after: unknown, written: unknown = {}): AuditChange[] {
  const old = asFields(before);
  const next = asFields(after);
  const body = asFields(written);
  const names = new Set([...Object.keys(old), ...Object.keys(next), ...Object.keys(body)]);
  const changes: AuditChange[] = [];
  for (const field of names) {
    if (field === 'updated_at') continue;
    const shown = field in old || field in next;
    if (!shown || SECRET_FIELD.test(field)) {
      if (field in body) changes.push({ field, before: null, after: null, secret: true });
      continue;
    }
    const from = field in old ? old[field] : null;
    const to = field in next ? next[field] : null;
    if (JSON.stringify(from) !== JSON.stringify(to))
      changes.push({ field, before: from, after: to, secret: false });
  }
  return changes;
}
