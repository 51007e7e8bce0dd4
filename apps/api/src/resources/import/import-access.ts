import {
  type Actor,
  type Decision,
  fieldsOfRecord,
  hasField,
  type KindOf,
  recordAllowed,
} from '@pult/contract';
import { addFault, type RowFaults, WHOLE_ROW } from './import-report.js';
import type { Values } from './import-target.js';

/** One action's grants as a row is judged by them: the decision, who acts, the fields' kinds. */
export interface RowGuard {
  decision: Decision;
  actor: Actor;
  kindOf: KindOf;
}

/**
 * Access control row by row, as the single-record routes apply it: the record must meet the
 * grants' conditions (a created one as the file gives it; an updated one before and after), and
 * every field the row writes must be one the grants give on that record. A row that fails is
 * rejected like an invalid one, so the others can still be imported.
 */
export function guardRow(
  guard: RowGuard,
  records: readonly Values[],
  written: readonly string[],
  faults: RowFaults,
): void {
  const { decision, actor, kindOf } = guard;
  for (const record of records) {
    if (!recordAllowed(decision, record, actor, kindOf)) {
      addFault(faults, WHOLE_ROW, { key: 'outOfScope' });
      return;
    }
  }
  const fields = fieldsOfRecord(decision, records[0] ?? {}, actor, kindOf);
  for (const field of written) {
    if (!hasField(fields, field)) addFault(faults, field, { key: 'fieldForbidden', params: { field } });
  }
}
