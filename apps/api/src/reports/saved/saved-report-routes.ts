import { savedReportSchema, savedReportsResource, savedReportWriteSchema } from '@pult/contract';
import type { FastifyPluginAsync } from 'fastify';
import type { Db } from '../../db/database.js';
import type { Clock } from '../../lib/clock.js';
import { crudRoutes } from '../../resources/crud-routes.js';
import { parseNumericId } from '../../resources/record-id.js';
import { maySee } from '../report-routes.js';
import type { ReportSource } from '../report-source.js';
import { createSavedReportHandlers } from './saved-report-handlers.js';

export interface SavedReportRouteDeps {
  db: Db;
  clock: Clock;
  reports: readonly ReportSource[];
}

/**
 * `auth/saved-reports`: a record resource like any other (list, read, create, update, delete, export;
 * grants, audit log, versions), beside the reports whose queries it stores.
 */
export const savedReportRoutes: FastifyPluginAsync<SavedReportRouteDeps> = async (app, deps) => {
  await app.register(
    crudRoutes({
      descriptor: savedReportsResource,
      item: savedReportSchema,
      create: savedReportWriteSchema,
      update: savedReportWriteSchema,
      parseId: parseNumericId,
      handlers: createSavedReportHandlers({
        ...deps,
        mayOpen: (context, report) => maySee(context.access.permissions, report),
      }),
    }),
  );
};
