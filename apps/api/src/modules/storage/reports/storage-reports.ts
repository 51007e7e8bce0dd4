import type { Db } from '../../../db/database.js';
import type { ReportSource } from '../../../reports/report-source.js';
import { errorsReport } from './errors-report.js';
import { storageReport } from './storage-report.js';

/** The storage service's reports, in the order the panel lists them. */
export function createStorageReports(db: Db): ReportSource[] {
  return [storageReport(db), errorsReport(db)];
}
