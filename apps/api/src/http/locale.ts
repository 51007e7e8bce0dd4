import { type Locale, toLocale } from '@pult/contract';
import type { FastifyRequest } from 'fastify';

/** The panel sends its language in the `Lang` header (spec §7); uk-UA when absent or unknown. */
export function requestLocale(request: FastifyRequest): Locale {
  const header = request.headers.lang;
  return toLocale(Array.isArray(header) ? header[0] : header);
}
