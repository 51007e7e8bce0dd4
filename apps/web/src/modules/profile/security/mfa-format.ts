/** Plain helpers of the Security card: how a secret and recovery codes are shown and saved. */

/** A base32 secret in groups of 4 (`ABCD EFGH …`), the way it is easiest to type into an app. */
export function groupSecret(secret: string): string {
  return (secret.replace(/\s+/g, '').match(/.{1,4}/g) ?? []).join(' ');
}

/** The secret as an app wants it: no spaces (a copy of the grouped text would carry them). */
export function plainSecret(secret: string): string {
  return secret.replace(/\s+/g, '');
}

/** One code a line, for the clipboard. */
export function recoveryCodesText(codes: readonly string[]): string {
  return `${codes.join('\n')}\n`;
}

export interface RecoveryFileTexts {
  title: string;
  note: string;
}

/** The downloaded .txt: a title, the codes, a note (CRLF, so Notepad shows the lines too). */
export function recoveryCodesFile(codes: readonly string[], texts: RecoveryFileTexts): string {
  return [texts.title, '', ...codes, '', texts.note, ''].join('\r\n');
}

/** `pult-recovery-codes-2026-11-26.txt` */
export function recoveryCodesFileName(appName: string, now: Date): string {
  const slug =
    appName
      .toLowerCase()
      .replace(/[^a-z0-9]+/g, '-')
      .replace(/^-|-$/g, '') || 'pult';
  return `${slug}-recovery-codes-${now.toISOString().slice(0, 10)}.txt`;
}
