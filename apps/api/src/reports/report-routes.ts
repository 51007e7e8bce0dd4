import { coversEveryRecord, reportIndexSchema, reportResultSchema } from '@pult/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { RequestAccess } from '../access/access-control.js';
import { accessOf } from '../access/request-access.js';
import { access } from '../access/route-access.js';
import { requestLocale } from '../http/locale.js';
import type { Clock } from '../lib/clock.js';
import type { ReportSource } from './report-source.js';

export interface ReportRouteDeps {
  reports: readonly ReportSource[];
  clock: Clock;
}

/**
 * A report sums up all of a resource's records, so it is for administrators who may list every one of
 * them: a grant limited by a condition would learn about the other records from the figures.
 */
function maySee(caller: RequestAccess, report: ReportSource): boolean {
  return coversEveryRecord(caller.permissions.decide(report.resource, 'list'));
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
        .filter((report) => maySee(accessOf(request), report))
        .map(({ id, service }) => ({ id, service })),
    }),
  );

  for (const report of deps.reports) {
    app.get(
      `/admin/reports/${report.id}`,
      {
        config: { access: access.to(report.resource, 'list', { scoped: false, fields: null, mask: null }) },
        schema: { querystring: report.query, response: { 200: reportResultSchema } },
      },
      async (request) => {
        const caller = accessOf(request);
        if (!maySee(caller, report)) await caller.deny(report.resource, 'list');
        const now = deps.clock();
        const answer = await report.run(request.query, now, requestLocale(request));
        return { id: report.id, ...answer, generatedAt: now.toISOString() };
      },
    );
  }
};
