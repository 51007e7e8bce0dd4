import {
  type SettingType,
  settingCreateSchema,
  settingsResource,
  settingUpdateSchema,
  settingValueError,
} from '@pult/contract';
import type { Db } from '../../../db/database.js';
import type { ImportTarget, RowCheck } from '../../../resources/import/import-target.js';
import { tableTarget } from '../../../resources/import/table-target.js';
import { requiredSettingType } from './settings-repository.js';

/**
 * Settings from CSV: found by key; the value cell is JSON as the export writes it (`"text"`, `5`,
 * `true`, `{…}`), or plain text for a string. A row is checked as the settings form's server checks
 * it: the value must fit the type, and a setting the platform needs keeps its type.
 */
export function settingImportTarget(db: Db): ImportTarget {
  return tableTarget({
    db,
    descriptor: settingsResource,
    createSchema: settingCreateSchema,
    updateSchema: settingUpdateSchema,
    rowCheck: async () => settingCheck,
    table: 'settings',
    id: 'key',
    timestamps: { updated: 'updated_at' },
    stored: (row) => ({ key: row.key, type: row.type, value: row.value, is_public: row.is_public }),
    newRow: (values) => ({
      key: values.key,
      type: values.type,
      value: JSON.stringify(values.value),
      is_public: values.is_public ?? false,
    }),
    changedColumns: (_changes, after) => ({
      type: after.type,
      value: JSON.stringify(after.value),
      is_public: after.is_public ?? false,
    }),
  });
}

const settingCheck: RowCheck = (values) => {
  const key = String(values.key);
  const type = values.type as SettingType;
  const required = requiredSettingType(key);
  if (required && type !== required) return { field: 'type', fault: 'invalidOption' };
  const error = settingValueError(type, key, values.value);
  return error ? { field: 'value', fault: error } : { values };
};
