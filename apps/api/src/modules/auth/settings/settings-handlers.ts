import {
  type Setting,
  type SettingCreate,
  type SettingUpdate,
  settingsResource,
  settingValueError,
} from '@pult/contract';
import { type Selectable, sql } from 'kysely';
import type { Db } from '../../../db/database.js';
import { errors } from '../../../http/app-error.js';
import type { Clock } from '../../../lib/clock.js';
import type { RecordHandlers } from '../../../resources/crud-routes.js';
import { type ConstraintFields, withConstraintErrors } from '../../../resources/db-errors.js';
import { walkList } from '../../../resources/export/list-walk.js';
import { type ListColumn, type ListSource, runList } from '../../../resources/list-sql.js';
import { recordVersions } from '../../../resources/record-version.js';
import { writeInScope } from '../../../resources/scoped-write.js';
import type { SettingsTable } from '../tables.js';
import { isRequiredSetting, requiredSettingType } from './settings-repository.js';

type SettingRow = Selectable<SettingsTable>;

const CONSTRAINTS: ConstraintFields = { settings_pkey: { key: 'keyTaken' } };
const column = (name: string, kind: ListColumn['kind']): ListColumn => ({ sql: sql.ref(name), kind });

const source: ListSource<SettingRow, Setting> = {
  descriptor: settingsResource,
  table: 'settings',
  alias: 'settings',
  select: sql`key, type, value, is_public, updated_at`,
  columns: {
    key: column('key', 'text'),
    type: column('type', 'text'),
    is_public: column('is_public', 'boolean'),
    updated_at: column('updated_at', 'timestamp'),
  },
  key: 'key',
  toItem: toSetting,
};

function toSetting(row: SettingRow): Setting {
  return { ...row, updated_at: row.updated_at.toISOString() };
}

/**
 * Typed settings, named by their key. The settings the platform itself reads (availableLocales)
 * keep their type and cannot be deleted.
 */
export function createSettingHandlers(
  db: Db,
  clock: Clock,
): RecordHandlers<string, Setting, SettingCreate, SettingUpdate> {
  const find = async (key: string) => {
    const row = await db.selectFrom('settings').selectAll().where('key', '=', key).executeTakeFirst();
    return row && toSetting(row);
  };
  return {
    list: (request) => runList(db, source, request),
    versions: recordVersions(db, source),
    exportRows: (request) => walkList(db, source, request),
    get: find,
    create: (body) =>
      withConstraintErrors(CONSTRAINTS, async () => {
        const row = await db
          .insertInto('settings')
          .values({
            key: body.key,
            type: body.type,
            value: JSON.stringify(body.value),
            is_public: body.is_public ?? false,
          })
          .returningAll()
          .executeTakeFirstOrThrow();
        return toSetting(row);
      }),
    update: async (key, body, context) => {
      const required = requiredSettingType(key);
      if (required && body.type !== required) throw errors.fields({ type: 'invalidOption' });
      const valueError = settingValueError(body.type, key, body.value);
      if (valueError) throw errors.fields({ value: valueError });
      return writeInScope(db, source, key, context, async (executor) => {
        const row = await executor
          .updateTable('settings')
          .set({
            type: body.type,
            value: JSON.stringify(body.value),
            ...(body.is_public === undefined ? {} : { is_public: body.is_public }),
            updated_at: clock(),
          })
          .where('key', '=', key)
          .returningAll()
          .executeTakeFirst();
        return row && toSetting(row);
      });
    },
    remove: async (key, context) => {
      if (isRequiredSetting(key)) throw errors.unprocessable('settingProtected');
      return writeInScope(
        db,
        source,
        key,
        context,
        async (executor) => {
          const row = await executor
            .deleteFrom('settings')
            .where('key', '=', key)
            .returningAll()
            .executeTakeFirst();
          return row && toSetting(row);
        },
        { staysInScope: false },
      );
    },
  };
}
