import type { ChangePasswordRequest } from '@pult/contract';

export const CHANGE_PASSWORD_FIELDS = ['code', 'password', 'password_repeat'] as const;

/** Spec §5: submit is disabled, and does nothing, while any field is empty. */
export function isChangePasswordComplete(values: Partial<ChangePasswordRequest>): boolean {
  return CHANGE_PASSWORD_FIELDS.every((field) => (values[field] ?? '') !== '');
}
