import type * as Api from '@opentelemetry/api';

/** The part of PGlite's class this wraps (its `query`, which Kysely's PGlite dialect calls). */
interface QueryOwner {
  query(this: unknown, sql: string, ...rest: unknown[]): Promise<unknown>;
}

/**
 * The statement's kind (`SELECT`, `INSERT`, `WITH`…), in the span's name: bounded, unlike the SQL.
 * Leading comments (the mark of `db/prepared-statements.ts`) are skipped.
 */
export function statementKind(sql: string): string {
  const match = /^(?:\s*\/\*[\s\S]*?\*\/)*\s*([a-z]+)/i.exec(sql);
  return match?.[1]?.toUpperCase() ?? 'SQL';
}

/**
 * Client spans for statements on the embedded database, as `@opentelemetry/instrumentation-pg` makes
 * them for a PostgreSQL server (the default install runs PGlite, which no instrumentation knows). Only
 * inside a trace (the worker's idle polling would otherwise start one per tick) and with the SQL text
 * only: Kysely passes values as parameters, which are not recorded.
 */
export function traceEmbeddedStatements(api: typeof Api, pgliteClass: { prototype: object }): () => void {
  let owner: object | null = pgliteClass.prototype;
  while (owner !== null && !Object.hasOwn(owner, 'query')) owner = Object.getPrototypeOf(owner);
  if (owner === null) return () => undefined;
  const target = owner as QueryOwner;
  const original = target.query;
  const tracer = api.trace.getTracer('pult-pglite');
  target.query = function tracedQuery(this: unknown, sql: string, ...rest: unknown[]) {
    if (api.trace.getActiveSpan() === undefined) return original.call(this, sql, ...rest);
    return tracer.startActiveSpan(
      `pglite.query:${statementKind(sql)}`,
      {
        kind: api.SpanKind.CLIENT,
        // The attributes `instrumentation-pg` writes (stable database conventions), so one query serves both.
        attributes: { 'db.system.name': 'postgresql', 'db.query.text': sql, 'db.namespace': 'pglite' },
      },
      async (span) => {
        try {
          return await original.call(this, sql, ...rest);
        } catch (error) {
          span.setStatus({ code: api.SpanStatusCode.ERROR });
          throw error;
        } finally {
          span.end();
        }
      },
    );
  };
  return () => {
    target.query = original;
  };
}
