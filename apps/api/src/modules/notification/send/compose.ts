import { type EmailPriority, type Locale, scanTemplate } from '@pult/contract';
import type { Executor } from '../../../db/database.js';
import { AppError, type ErrorText } from '../../../http/app-error.js';
import type { EmailQueue } from '../email-queue.js';
import type { TemplateRow } from '../tables.js';
import { type RenderProblems, renderTemplate } from '../templates/render.js';
import { loadTranslationTexts } from '../templates/template-texts.js';

/** An e-mail to queue from a template: the one path of the send API, the test send and the platform's own mail. */
export interface TemplatedEmail {
  template: string;
  /** An e-mail address (a uid has been resolved before). */
  to: string;
  language: Locale;
  variables: Record<string, unknown>;
  priority: EmailPriority;
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
  const template = await executor
    .selectFrom('notification_templates')
    .selectAll()
    .where('name', '=', email.template)
    .executeTakeFirst();
  checkTemplate(template, options.allowInactive ?? false);
  const usage = scanTemplate(template.subject, template.content);
  const texts = await loadTranslationTexts(executor, usage.translations);
  const { message, problems } = renderTemplate(template, email.language, email.variables, texts);
  throwProblems(problems);
  return queue.enqueue(executor, {
    to: email.to,
    templateName: template.name,
    templatePriority: template.priority,
    language: email.language,
    subject: message.subject ?? '',
    text: message.text,
    html: message.html,
    priority: email.priority,
  });
}

function checkTemplate(
  template: TemplateRow | undefined,
  allowInactive: boolean,
): asserts template is TemplateRow {
  if (!template) throw fieldError('template', { key: 'templateNotFound' });
  if (template.type !== 'email') throw fieldError('template', { key: 'templateNotEmail' });
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
