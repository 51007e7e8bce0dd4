import { TEMPLATE_TYPES, type TemplatePreviewRequest, type TemplateType } from '@pult/contract';
import type { FormValues } from '../../../forms/resource-form/form-values';

/**
 * What the preview renders from the form's current inputs. Sample variables that are not valid JSON
 * yet (mid-typing) preview as none; the form itself reports the JSON error.
 */
export function toPreviewRequest(values: FormValues): TemplatePreviewRequest {
  const type = TEMPLATE_TYPES.includes(values.type as TemplateType) ? (values.type as TemplateType) : 'email';
  return {
    ...(typeof values.name === 'string' ? { name: values.name } : {}),
    type,
    subject: typeof values.subject === 'string' ? values.subject : null,
    content: typeof values.content === 'string' ? values.content : '',
    sample_variables: parseSample(values.sample_variables),
  };
}

function parseSample(value: unknown): Record<string, unknown> {
  if (typeof value !== 'string' || value.trim() === '') return {};
  try {
    const parsed: unknown = JSON.parse(value);
    return typeof parsed === 'object' && parsed !== null && !Array.isArray(parsed)
      ? (parsed as Record<string, unknown>)
      : {};
  } catch {
    return {};
  }
}
