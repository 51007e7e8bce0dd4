import { LOCALES, scanTemplate, type TemplatePreview, type TemplatePreviewRequest } from '@pult/contract';
import type { Db } from '../../../db/database.js';
import { renderTemplate } from './render.js';
import { sampleHtml } from './system-templates.js';
import { loadTranslationTexts } from './template-texts.js';

/**
 * The editor's live preview: what the texts use (variables, also those inside the translations they
 * refer to; translation keys, flagged when unknown) and the message in every language, rendered with
 * the sample variables. What cannot be filled stays visible instead of failing.
 */
export async function previewTemplate(db: Db, request: TemplatePreviewRequest): Promise<TemplatePreview> {
  const template = { type: request.type, subject: request.subject ?? null, content: request.content };
  const usage = scanTemplate(template.subject, template.content);
  const texts = await loadTranslationTexts(db, usage.translations);
  const inTranslations = [...texts.values()].flatMap((byLocale) => Object.values(byLocale));
  const variables = [...new Set([...usage.variables, ...scanTemplate(...inTranslations).variables])];
  const sample = request.sample_variables ?? {};
  const html = sampleHtml(request.name, sample);
  const missing = new Set<string>();
  const renders = LOCALES.map((locale) => {
    const { message, problems } = renderTemplate(template, locale, sample, texts, {
      keepUnknown: true,
      trustedHtml: html,
    });
    for (const name of [...problems.missingVariables, ...problems.nonScalarVariables]) missing.add(name);
    return { locale, message };
  });
  return {
    variables,
    translations: usage.translations.map((ref) => ({ ref, exists: texts.has(ref) })),
    missingVariables: [...missing],
    renders,
  };
}
