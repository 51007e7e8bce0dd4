/** Sign-in e-mail rule of spec §5: text, at sign, text, dot, text. */
export const SIGNIN_EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
/** Recovery e-mail rule of spec §5: a loose {text}@{text} pattern. */
export const LOOSE_EMAIL_PATTERN = /^[^\s@]+@[^\s@]+$/;

export function isSigninEmail(value: string): boolean {
  return SIGNIN_EMAIL_PATTERN.test(value);
}
