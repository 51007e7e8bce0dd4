import { MAX_JSON_DEPTH } from '@pult/contract';
import type { FastifyInstance } from 'fastify';
import { errors } from './app-error.js';

/**
 * How deep a request body may nest: room for a MAX_JSON_DEPTH-deep value inside its envelope, and
 * far below what would strain anything recursive downstream (validation, JSON.stringify, jsonb).
 */
export const MAX_BODY_DEPTH = 2 * MAX_JSON_DEPTH;

/**
 * Fastify's own JSON parser (prototype-poisoning checks included) behind a depth check on the raw
 * text, so a body nested thousands deep is a 422 before any object exists, on every route.
 */
export function registerJsonBodyParser(app: FastifyInstance): void {
  const parse = app.getDefaultJsonParser('error', 'error');
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
    // parseAs 'string' hands over a string.
    const text = body as string;
    if (nestsDeeperThan(text, MAX_BODY_DEPTH)) {
      done(errors.unprocessable('bodyTooDeep'), undefined);
      return;
    }
    parse(request, text, done);
  });
}

/** Whether more than `limit` brackets are open at some point, outside strings: one linear pass. */
export function nestsDeeperThan(text: string, limit: number): boolean {
  let depth = 0;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const char = text.charCodeAt(i);
    if (inString) {
      if (char === BACKSLASH) i++;
      else if (char === QUOTE) inString = false;
    } else if (char === QUOTE) inString = true;
    else if (char === OPEN_ARRAY || char === OPEN_OBJECT) {
      depth += 1;
      if (depth > limit) return true;
    } else if (char === CLOSE_ARRAY || char === CLOSE_OBJECT) depth -= 1;
  }
  return false;
}

const QUOTE = 0x22;
const BACKSLASH = 0x5c;
const OPEN_ARRAY = 0x5b;
const CLOSE_ARRAY = 0x5d;
const OPEN_OBJECT = 0x7b;
const CLOSE_OBJECT = 0x7d;
