import type { Db } from '../../../db/database.js';
import type { ReportSource } from '../../../reports/report-source.js';
import { administratorsReport } from './administrators-report.js';
import { usersReport } from './users-report.js';

/** The auth service's reports, in the order the panel lists them. */
export function createAuthReports(db: Db): ReportSource[] {
  return [usersReport(db), administratorsReport(db)];
}
