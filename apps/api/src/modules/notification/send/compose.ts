import { scanTemplate } from '@pult/contract';
import type { Executor } from '../../../db/database.js';
import { AppError, type ErrorText } from '../../../http/app-error.js';
import type { MailAttachment, TemplatedEmail } from '../../../mail/mailer.js';
import type { EmailQueue } from '../email-queue.js';
import type { TemplateRow } from '../tables.js';
import { type RenderProblems, renderTemplate } from '../templates/render.js';
import { loadTranslationTexts } from '../templates/template-texts.js';

/** An e-mail to queue from a template: the one path of the send API, the test send and the platform's own mail. */
export type { TemplatedEmail };

/** A message of any channel: the template's type decides; `to` holds resolved recipients of that channel. */
export interface TemplatedMessage extends Omit<TemplatedEmail, 'to'> {
  to: readonly string[];
}

/**
 * Renders the template in the recipient's language and queues the result in the caller's transaction.
 * Whatever keeps it from rendering completely is a 422 keyed by field (`template`, `variables.<name>`).
 */
export async function composeAndQueue(
  executor: Executor,
  queue: EmailQueue,
  email: TemplatedEmail,
  options: { allowInactive?: boolean } = {},
): Promise<number> {
  const [id] = await composeAndQueueAll(
    executor,
    queue,
    { ...email, to: [email.to] },
    { ...options, emailOnly: true },
  );
  return id as number;
}

/**
 * Renders the template once and queues one message per recipient on the template's channel (an SMS,
 * a push to each of a user's devices), in the caller's transaction.
 */
export async function composeAndQueueAll(
  executor: Executor,
  queue: EmailQueue,
  email: TemplatedMessage,
  options: { allowInactive?: boolean; emailOnly?: boolean } = {},
): Promise<number[]> {
  const template = await executor
    .selectFrom('notification_templates')
    .selectAll()
    .where('name', '=', email.template)
    .executeTakeFirst();
  checkTemplate(template, options.allowInactive ?? false, options.emailOnly ?? false);
  const usage = scanTemplate(template.subject, template.content);
  const texts = await loadTranslationTexts(executor, usage.translations);
  const { message, problems } = renderTemplate(template, email.language, email.variables, texts, {
    trustedHtml: email.html,
  });
  throwProblems(problems);
  checkAttachments(email.attachments ?? []);
  const ids: number[] = [];
  for (const to of email.to) {
    ids.push(
      await queue.enqueue(executor, {
        to,
        templateName: template.name,
        templatePriority: template.priority,
        language: email.language,
        subject: message.subject ?? '',
        text: message.text,
        html: message.html,
        ...(email.attachments?.length ? { attachments: email.attachments } : {}),
        ...(email.private ? { private: true } : {}),
        priority: email.priority,
        channel: template.type,
        configId:
          template.type === 'sms'
            ? template.sms_config_id
            : template.type === 'push'
              ? template.push_config_id
              : null,
      }),
    );
  }
  return ids;
}

/** A mailed report's CSV is far smaller: the cap keeps a runaway one out of the queue and off the relay. */
const MAX_ATTACHMENTS_MB = 2;

function checkAttachments(attachments: readonly MailAttachment[]): void {
  const bytes = attachments.reduce((sum, file) => sum + Buffer.byteLength(file.content, 'utf8'), 0);
  if (bytes > MAX_ATTACHMENTS_MB * 1024 * 1024) {
    throw fieldError('attachments', { key: 'attachmentsTooLarge', params: { max: MAX_ATTACHMENTS_MB } });
  }
}

function checkTemplate(
  template: TemplateRow | undefined,
  allowInactive: boolean,
  emailOnly: boolean,
): asserts template is TemplateRow {
  if (!template) throw fieldError('template', { key: 'templateNotFound' });
  if (emailOnly && template.type !== 'email') throw fieldError('template', { key: 'templateNotEmail' });
  if (!template.is_active && !allowInactive) throw fieldError('template', { key: 'templateInactive' });
}

function throwProblems(problems: RenderProblems): void {
  const fields: Record<string, ErrorText[]> = {};
  if (problems.missingTranslations.size > 0) {
    fields.template = [
      { key: 'translationsMissing', params: { keys: [...problems.missingTranslations].join(', ') } },
    ];
  }
  for (const name of problems.missingVariables) fields[`variables.${name}`] = [{ key: 'required' }];
  for (const name of problems.nonScalarVariables)
    fields[`variables.${name}`] = [{ key: 'variableNotScalar' }];
  if (Object.keys(fields).length > 0) throw new AppError(422, { kind: 'fields', fields });
}

function fieldError(field: string, text: ErrorText): AppError {
  return new AppError(422, { kind: 'fields', fields: { [field]: [text] } });
}
