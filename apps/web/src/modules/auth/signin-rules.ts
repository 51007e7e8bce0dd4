import { isSigninEmail } from '@pult/contract';

export interface SigninValues {
  email: string;
  password: string;
}

/** Spec §2: the button stays disabled while either field is empty. */
export function canSubmitSignin(values: SigninValues): boolean {
  return values.email !== '' && values.password !== '';
}

/** Spec §5/§8: submitting with an empty (or blank) field shows the login.fillBoth dialog. */
export function isSigninIncomplete(values: SigninValues): boolean {
  return values.email.trim() === '' || values.password === '';
}

export function validateSigninEmail(value: string): true | 'login.emailRequired' | 'login.emailInvalid' {
  if (value.trim() === '') return 'login.emailRequired';
  return isSigninEmail(value.trim()) || 'login.emailInvalid';
}

export function validateSigninPassword(value: string): true | 'login.passwordRequired' {
  return value !== '' || 'login.passwordRequired';
}
