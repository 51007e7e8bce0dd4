import { reportTextsEn } from '@pult/contract';
import type { auditUk } from './uk-UA';

export const auditEn: typeof auditUk = {
  fields: {
    admin_email: 'Administrator',
    action: 'Action',
    resource: 'Resource',
    record_id: 'Record ID',
    ip: 'IP address',
    user_agent: 'Client (User-Agent)',
    created_at: 'Time',
  },
  actions: reportTextsEn.administrators.keys.byAction,
  view: 'View log entry {{id}}',
  history: 'History',
  recordHistory: 'History of {{resource}} #{{id}}',
  showAll: 'Whole log',
  appendOnly: 'The log is append-only: entries cannot be changed or deleted.',
  detail: {
    title: 'Log entry #{{id}}',
    changes: 'Changes',
    field: 'Field',
    before: 'Before',
    after: 'After',
    secret: 'changed (value hidden)',
    empty: 'empty',
    noChanges: 'This action changed no fields of a record.',
    details: 'Details',
    openRecord: 'History of this record',
  },
};
