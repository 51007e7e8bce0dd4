import {
  type FormFieldDescriptor,
  formatSettingValue,
  type MessageKey,
  parseSettingInput,
  SETTING_TYPES,
  type Setting,
  type SettingType,
  settingCreateSchema,
  settingUpdateSchema,
} from '@pult/contract';
import type { FormMode } from '../../../forms/resource-form/form-values';

/** What the setting dialog holds: the value as typed (`text`), or `flag` for a boolean setting. */
export type SettingFormValues = {
  key: string;
  type: SettingType;
  is_public: boolean;
  text: string;
  flag: boolean;
};

/**
 * The dialog's fields as the conflict dialog compares and names them (a save refused with 412): the
 * value under the input that holds it, text or a switch.
 */
export const SETTING_CONFLICT_FIELDS: readonly FormFieldDescriptor[] = [
  {
    name: 'type',
    label: 'settings.fields.type',
    input: {
      kind: 'select',
      options: SETTING_TYPES.map((value) => ({ value, label: `settings.type.${value}` })),
    },
  },
  { name: 'text', label: 'settings.fields.value', input: { kind: 'textarea' } },
  { name: 'flag', label: 'settings.fields.value', input: { kind: 'switch' } },
  { name: 'is_public', label: 'settings.fields.is_public', input: { kind: 'switch' } },
];

export type SettingFormField = keyof SettingFormValues;

/** The body of `POST /admin/settings` (with the key) or `PUT /admin/settings/{key}` (without). */
export interface SettingBody {
  key?: string;
  type: SettingType;
  value: unknown;
  is_public: boolean;
}

export type SettingBodyResult =
  | { ok: true; body: SettingBody }
  | { ok: false; errors: Partial<Record<SettingFormField, MessageKey>> };

export type EditableSetting = Pick<Setting, 'key' | 'type' | 'value' | 'is_public'>;

export function toSettingFormValues(setting?: EditableSetting): SettingFormValues {
  if (!setting) return { key: '', type: 'string', is_public: false, text: '', flag: false };
  return {
    key: setting.key,
    type: setting.type,
    is_public: setting.is_public,
    text: setting.type === 'boolean' ? '' : formatSettingValue(setting.type, setting.value),
    flag: setting.value === true,
  };
}

/**
 * Turns what the dialog holds into the request body, or the faults to show under its fields. The
 * contract's schema has the last word (e.g. the shape of `availableLocales`), so the dialog cannot
 * accept what the server would refuse.
 */
export function toSettingBody(values: SettingFormValues, mode: FormMode): SettingBodyResult {
  const parsed =
    values.type === 'boolean'
      ? ({ ok: true, value: values.flag } as const)
      : parseSettingInput(values.type, values.text);
  if (!parsed.ok) return { ok: false, errors: { text: parsed.error } };

  const body: SettingBody = { type: values.type, value: parsed.value, is_public: values.is_public };
  const checked =
    mode === 'create'
      ? settingCreateSchema.safeParse({ key: values.key, ...body })
      : settingUpdateSchema.safeParse(body);
  if (checked.success) return { ok: true, body: checked.data as SettingBody };

  const errors: Partial<Record<SettingFormField, MessageKey>> = {};
  for (const issue of checked.error.issues) {
    const field = fieldOfIssue(issue.path[0], values.type);
    errors[field] ??= issue.message as MessageKey;
  }
  return { ok: false, errors };
}

/** A server or schema fault names a body field; the dialog shows the value's under its value input. */
export function fieldOfIssue(path: PropertyKey | undefined, type: SettingType): SettingFormField {
  if (path === 'key' || path === 'type' || path === 'is_public') return path;
  return type === 'boolean' ? 'flag' : 'text';
}
