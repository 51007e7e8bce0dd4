import {
  type Condition,
  LOCALES,
  type Locale,
  type Translation,
  type TranslationCompleteness,
  type TranslationWrite,
  translationsResource,
} from '@pult/contract';
import { sql } from 'kysely';
import type { Db } from '../../../db/database.js';
import type { Clock } from '../../../lib/clock.js';
import type { RecordHandlers } from '../../../resources/crud-routes.js';
import { type ConstraintFields, withConstraintErrors } from '../../../resources/db-errors.js';
import { walkList } from '../../../resources/export/list-walk.js';
import { type ListColumn, type ListSource, runList } from '../../../resources/list-sql.js';
import { recordVersions } from '../../../resources/record-version.js';
import { writeInScope } from '../../../resources/scoped-write.js';
import { timestamps } from '../../../resources/timestamps.js';
import type { TranslationRow } from '../tables.js';

const CONSTRAINTS: ConstraintFields = {
  notification_translations_key: { key_name: 'translationKeyTaken' },
};

const textIn = (locale: Locale) => sql`(tr.texts ->> ${sql.lit(locale)})`;
const column = (name: string, kind: ListColumn['kind']): ListColumn => ({ sql: sql.ref(`tr.${name}`), kind });

/** A language counts as missing when it has no text or an empty one. */
function missingIn(locale: Locale) {
  return sql<boolean>`coalesce(${textIn(locale)}, '') = ''`;
}

const source: ListSource<TranslationRow, Translation> = {
  descriptor: translationsResource,
  table: 'notification_translations',
  alias: 'tr',
  select: sql`tr.*`,
  columns: {
    id: column('id', 'integer'),
    group: column('group_name', 'text'),
    key_name: column('key_name', 'text'),
    value_uk: { sql: textIn('uk-UA'), kind: 'text' },
    value_en: { sql: textIn('en-US'), kind: 'text' },
    // Text in any language.
    text: { sql: sql`concat_ws(' ', ${sql.join(LOCALES.map(textIn))})`, kind: 'text' },
    missing: {
      sql: sql`null`,
      kind: 'text',
      where: (condition: Condition) =>
        condition.type === 'select' && (LOCALES as readonly unknown[]).includes(condition.value)
          ? missingIn(condition.value as Locale)
          : sql`false`,
    },
    created_at: column('created_at', 'timestamp'),
    updated_at: column('updated_at', 'timestamp'),
  },
  key: 'id',
  toItem: toTranslation,
};

export function toTranslation(row: TranslationRow): Translation {
  return {
    id: row.id,
    group: row.group_name,
    key_name: row.key_name,
    value_uk: row.texts['uk-UA'] || null,
    value_en: row.texts['en-US'] || null,
    created_at: row.created_at.toISOString(),
    updated_at: row.updated_at.toISOString(),
  };
}

function columnsOf(body: TranslationWrite) {
  const texts: Partial<Record<Locale, string>> = {};
  if (body.value_uk) texts['uk-UA'] = body.value_uk;
  if (body.value_en) texts['en-US'] = body.value_en;
  return { group_name: body.group, key_name: body.key_name, texts: JSON.stringify(texts) };
}

/** Translations: one entry per group and key, a text per language. */
export function createTranslationHandlers(
  db: Db,
  clock: Clock,
): RecordHandlers<number, Translation, TranslationWrite, TranslationWrite> & {
  completeness(): Promise<TranslationCompleteness>;
} {
  return {
    list: (request) => runList(db, source, request),
    versions: recordVersions(db, source),
    exportRows: (request) => walkList(db, source, request),
    get: async (id) => {
      const row = await db
        .selectFrom('notification_translations')
        .selectAll()
        .where('id', '=', id)
        .executeTakeFirst();
      return row && toTranslation(row);
    },
    create: (body) =>
      withConstraintErrors(CONSTRAINTS, async () =>
        toTranslation(
          await db
            .insertInto('notification_translations')
            .values({ ...columnsOf(body), ...timestamps(clock()) })
            .returningAll()
            .executeTakeFirstOrThrow(),
        ),
      ),
    update: (id, body, context) =>
      withConstraintErrors(CONSTRAINTS, () =>
        writeInScope(db, source, id, context, async (executor) => {
          const row = await executor
            .updateTable('notification_translations')
            .set({ ...columnsOf(body), updated_at: clock() })
            .where('id', '=', id)
            .returningAll()
            .executeTakeFirst();
          return row && toTranslation(row);
        }),
      ),
    remove: (id, context) =>
      writeInScope(
        db,
        source,
        id,
        context,
        async (executor) => {
          const row = await executor
            .deleteFrom('notification_translations')
            .where('id', '=', id)
            .returningAll()
            .executeTakeFirst();
          return row && toTranslation(row);
        },
        { staysInScope: false },
      ),
    async completeness() {
      const filled = LOCALES.map(
        (locale) => sql`count(*) filter (where not ${missingIn(locale)})::int as ${sql.ref(locale)}`,
      );
      const { rows } = await sql<Record<string, number>>`
        select count(*)::int as total, ${sql.join(filled)} from notification_translations tr`.execute(db);
      const counts = rows[0] ?? {};
      const total = Number(counts.total ?? 0);
      return {
        total,
        locales: LOCALES.map((locale) => {
          const count = Number(counts[locale] ?? 0);
          return { locale, filled: count, missing: total - count };
        }),
      };
    },
  };
}
