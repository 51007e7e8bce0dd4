import { SYSTEM_TEMPLATES, type Template, type TemplateWrite, templatesResource } from '@pult/contract';
import { sql } from 'kysely';
import type { Db, Executor } from '../../../db/database.js';
import { errors } from '../../../http/app-error.js';
import type { Clock } from '../../../lib/clock.js';
import type { RecordHandlers } from '../../../resources/crud-routes.js';
import { type ConstraintFields, withConstraintErrors } from '../../../resources/db-errors.js';
import { walkList } from '../../../resources/export/list-walk.js';
import { type ListColumn, type ListSource, runList } from '../../../resources/list-sql.js';
import { recordVersions } from '../../../resources/record-version.js';
import { transact, writeInScope } from '../../../resources/scoped-write.js';
import { timestamps } from '../../../resources/timestamps.js';
import type { TemplateRow } from '../tables.js';

type TemplateListRow = TemplateRow & { email_config_name: string | null };

const CONSTRAINTS: ConstraintFields = {
  notification_templates_name_key: { name: 'nameTaken' },
  notification_templates_email_config_id_fkey: { email_config_id: 'smtpConfigNotFound' },
  notification_templates_sms_config_id_fkey: { sms_config_id: 'smsConfigNotFound' },
  notification_templates_push_config_id_fkey: { push_config_id: 'pushConfigNotFound' },
};

const column = (name: string, kind: ListColumn['kind']): ListColumn => ({ sql: sql.ref(`t.${name}`), kind });
const SELECT = sql`t.*, s.name as email_config_name`;
const JOINS = sql`left join smtp_configs s on s.id = t.email_config_id`;

const source: ListSource<TemplateListRow, Template> = {
  descriptor: templatesResource,
  table: 'notification_templates',
  alias: 't',
  joins: JOINS,
  select: SELECT,
  columns: {
    id: column('id', 'integer'),
    name: column('name', 'text'),
    type: column('type', 'text'),
    subject: column('subject', 'text'),
    priority: column('priority', 'integer'),
    is_active: column('is_active', 'boolean'),
    created_at: column('created_at', 'timestamp'),
    updated_at: column('updated_at', 'timestamp'),
  },
  key: 'id',
  toItem: toTemplate,
};

export function isSystemTemplate(name: string): boolean {
  return (SYSTEM_TEMPLATES as readonly string[]).includes(name);
}

export function toTemplate(row: TemplateListRow): Template {
  return {
    id: row.id,
    name: row.name,
    type: row.type,
    subject: row.subject,
    content: row.content,
    email_config_id: row.email_config_id,
    email_config_name: row.email_config_name,
    sms_config_id: row.sms_config_id,
    push_config_id: row.push_config_id,
    priority: row.priority,
    is_active: row.is_active,
    sample_variables: row.sample_variables,
    is_system: isSystemTemplate(row.name),
    created_at: row.created_at.toISOString(),
    updated_at: row.updated_at.toISOString(),
  };
}

function columnsOf(body: TemplateWrite) {
  return {
    name: body.name,
    type: body.type,
    // A push's subject is its title; an SMS has none.
    subject: body.type === 'sms' ? null : (body.subject ?? null),
    content: body.content,
    // Only the template's own channel keeps a configuration.
    email_config_id: body.type === 'email' ? (body.email_config_id ?? null) : null,
    sms_config_id: body.type === 'sms' ? (body.sms_config_id ?? null) : null,
    push_config_id: body.type === 'push' ? (body.push_config_id ?? null) : null,
    priority: body.priority,
    is_active: body.is_active,
    sample_variables: JSON.stringify(body.sample_variables ?? {}),
  };
}

/** A system template keeps its name, its type and its active flag: the platform sends it by name. */
function keepsSystemShape(current: TemplateRow, body: TemplateWrite): boolean {
  return (
    !isSystemTemplate(current.name) || (body.name === current.name && body.type === 'email' && body.is_active)
  );
}

export async function findTemplate(executor: Executor, id: number): Promise<Template | undefined> {
  const { rows } = await sql<TemplateListRow>`select ${SELECT} from notification_templates t ${JOINS}
    where t.id = ${id}`.execute(executor);
  return rows[0] && toTemplate(rows[0]);
}

/** Templates: a unique name, an optional SMTP configuration; the platform's own cannot be broken. */
export function createTemplateHandlers(
  db: Db,
  clock: Clock,
): RecordHandlers<number, Template, TemplateWrite, TemplateWrite> {
  return {
    list: (request) => runList(db, source, request),
    versions: recordVersions(db, source),
    exportRows: (request) => walkList(db, source, request),
    get: (id) => findTemplate(db, id),
    create: (body) =>
      withConstraintErrors(CONSTRAINTS, async () => {
        const row = await db
          .insertInto('notification_templates')
          .values({ ...columnsOf(body), ...timestamps(clock()) })
          .returning('id')
          .executeTakeFirstOrThrow();
        return (await findTemplate(db, row.id)) as Template;
      }),
    update: (id, body, context) =>
      withConstraintErrors(CONSTRAINTS, () =>
        writeInScope(db, source, id, context, (executor) =>
          transact(executor, async (trx) => {
            // Locked, so the protection is judged on the row the update replaces.
            const current = await trx
              .selectFrom('notification_templates')
              .selectAll()
              .where('id', '=', id)
              .forUpdate()
              .executeTakeFirst();
            if (!current) return undefined;
            if (!keepsSystemShape(current, body)) throw errors.unprocessable('templateProtected');
            await trx
              .updateTable('notification_templates')
              .set({ ...columnsOf(body), updated_at: clock() })
              .where('id', '=', id)
              .execute();
            return findTemplate(trx, id);
          }),
        ),
      ),
    remove: (id, context) =>
      writeInScope(
        db,
        source,
        id,
        context,
        async (executor) => {
          const found = await findTemplate(executor, id);
          if (!found) return undefined;
          const deleted = await executor
            .deleteFrom('notification_templates')
            .where('id', '=', id)
            .where(sql<boolean>`name <> all(${sql.val([...SYSTEM_TEMPLATES])}::text[])`)
            .returning('id')
            .executeTakeFirst();
          if (!deleted) {
            if (isSystemTemplate(found.name)) throw errors.unprocessable('templateProtected');
            return undefined;
          }
          return found;
        },
        { staysInScope: false },
      ),
  };
}
