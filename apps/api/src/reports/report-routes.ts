import {
  coversEveryRecord,
  permissionResourceOf,
  reportIndexSchema,
  reportResultSchema,
} from '@pult/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { PermissionSet } from '../access/permission-set.js';
import { accessOf } from '../access/request-access.js';
import { access } from '../access/route-access.js';
import { errors } from '../http/app-error.js';
import { requestLocale } from '../http/locale.js';
import type { Clock } from '../lib/clock.js';
import type { ReportSource } from './report-source.js';

export interface ReportRouteDeps {
  reports: readonly ReportSource[];
  clock: Clock;
}

/**
 * A report sums up all of a resource's records by some of their fields (a user's country, an entry's
 * administrator), so it is for administrators who may list every record with every field: a grant
 * limited by a condition or to some fields would learn what it hides from the figures.
 */
export function maySee(permissions: PermissionSet, report: ReportSource): boolean {
  return [report.resource, ...(report.alsoSums ?? [])].every((resource) => {
    const decision = permissions.decide(permissionResourceOf(resource), 'list');
    return (
      coversEveryRecord(decision) &&
      decision.fieldDenies.length === 0 &&
      decision.allows.some((grant) => !grant.where && !grant.fields)
    );
  });
}

/**
 * `GET /admin/reports` lists the reports this administrator may open; `GET /admin/reports/{id}`
 * computes one. One route per report, so each declares its own resource where it is registered.
 */
export const reportRoutes: FastifyPluginAsyncZod<ReportRouteDeps> = async (app, deps) => {
  app.get(
    '/admin/reports',
    { config: { access: access.signedIn }, schema: { response: { 200: reportIndexSchema } } },
    async (request) => ({
      reports: deps.reports
        .filter((report) => maySee(accessOf(request).permissions, report))
        .map(({ id, service }) => ({ id, service })),
    }),
  );

  for (const report of deps.reports) {
    app.get(
      `/admin/reports/${report.id}`,
      {
        // Declared as the list itself declares it: a narrower declaration would make the catalogue
        // say that no `list` grant of the resource may carry a condition or name fields.
        config: { access: access.to(report.resource, 'list') },
        schema: { querystring: report.query, response: { 200: reportResultSchema } },
      },
      async (request) => {
        const caller = accessOf(request);
        if (!maySee(caller.permissions, report))
          await caller.deny(permissionResourceOf(report.resource), 'list');
        const now = deps.clock();
        try {
          const answer = await report.run(request.query, now, requestLocale(request));
          return { id: report.id, ...answer, generatedAt: now.toISOString() };
        } catch (error) {
          throw unknownTimeZone(error) ? errors.fields({ tz: 'timeZoneInvalid' }) : error;
        }
      },
    );
  }
};

/**
 * The zone passed the contract's check against this runtime's zone names, but PostgreSQL's list is
 * not the same (Node still knows `US/Pacific-New`, which PostgreSQL 13 dropped): the database refuses
 * it with 22023, and that is the client's input, so a 422, never a 500.
 */
function unknownTimeZone(error: unknown): boolean {
  const { code, message } = error as { code?: unknown; message?: unknown };
  return code === '22023' && typeof message === 'string' && message.includes('time zone');
}
