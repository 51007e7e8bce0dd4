import type { TokenStorage } from './token-store';

/**
 * Why the session ended without the user asking: its refresh token expired, or the server refused it
 * (revoked, or a renewal after a 401 failed). A sign-out the user chose has no reason to show.
 */
export type SignOutReason = 'expired' | 'rejected';

/** Kept beside the tokens, so every tab the session ended in can tell the user why. */
export const SIGN_OUT_REASON_KEY = 'pult_signout_reason';

const REASONS: readonly string[] = ['expired', 'rejected'] satisfies SignOutReason[];

export function readSignOutReason(storage: TokenStorage): SignOutReason | null {
  const value = storage.getItem(SIGN_OUT_REASON_KEY);
  return value !== null && REASONS.includes(value) ? (value as SignOutReason) : null;
}

/** Stores the reason, or forgets the last one (a sign-in, a sign-out the user chose). */
export function writeSignOutReason(storage: TokenStorage, reason: SignOutReason | null): void {
  if (reason === null) storage.removeItem(SIGN_OUT_REASON_KEY);
  else storage.setItem(SIGN_OUT_REASON_KEY, reason);
}
