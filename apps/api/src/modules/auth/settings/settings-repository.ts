import { AVAILABLE_LOCALES_KEY, FALLBACK_AVAILABLE_LOCALES } from '@pult/contract';
import type { Db } from '../../../db/database.js';

/** Settings every installation starts with; `is_public` ones are readable before sign-in. */
const DEFAULT_SETTINGS = [
  { key: AVAILABLE_LOCALES_KEY, type: 'json', value: FALLBACK_AVAILABLE_LOCALES, is_public: true },
] as const;

export function isRequiredSetting(key: string): boolean {
  return DEFAULT_SETTINGS.some((setting) => setting.key === key);
}

/** The type a required setting must keep, since the platform reads it as such. */
export function requiredSettingType(key: string): string | undefined {
  return DEFAULT_SETTINGS.find((setting) => setting.key === key)?.type;
}

export function createSettingsRepository(db: Db) {
  return {
    async ensureDefaults(): Promise<void> {
      for (const setting of DEFAULT_SETTINGS) {
        await db
          .insertInto('settings')
          .values({ ...setting, value: JSON.stringify(setting.value) })
          .onConflict((oc) => oc.column('key').doNothing())
          .execute();
      }
    },

    listPublic(): Promise<{ key: string; value: unknown }[]> {
      return db
        .selectFrom('settings')
        .select(['key', 'value'])
        .where('is_public', '=', true)
        .orderBy('key')
        .execute();
    },
  };
}

export type SettingsRepository = ReturnType<typeof createSettingsRepository>;
