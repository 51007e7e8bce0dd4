import { TOTP_DIGITS, TOTP_PERIOD_SECONDS } from './totp.js';

/** The issuer authenticator apps show above the code. */
export const TOTP_ISSUER = 'Pult';

/**
 * The Key URI format authenticator apps read from a QR code
 * (github.com/google/google-authenticator/wiki/Key-Uri-Format): label "issuer:account", and the
 * parameters spelled out although they are the defaults, since some apps read them only when given.
 */
export function otpauthUrl(secret: string, account: string): string {
  const label = `${encodeURIComponent(TOTP_ISSUER)}:${encodeURIComponent(account)}`;
  const query = new URLSearchParams({
    secret,
    issuer: TOTP_ISSUER,
    algorithm: 'SHA1',
    digits: String(TOTP_DIGITS),
    period: String(TOTP_PERIOD_SECONDS),
  });
  return `otpauth://totp/${label}?${query.toString()}`;
}
