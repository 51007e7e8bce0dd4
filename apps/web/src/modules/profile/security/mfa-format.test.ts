import { describe, expect, it } from 'vitest';
import {
  groupSecret,
  plainSecret,
  recoveryCodesFile,
  recoveryCodesFileName,
  recoveryCodesText,
} from './mfa-format';

describe('mfa-format', () => {
  it('groups a secret in fours and takes the spaces out again', () => {
    const secret = 'JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP';
    expect(groupSecret(secret)).toBe('JBSW Y3DP EHPK 3PXP JBSW Y3DP EHPK 3PXP');
    expect(groupSecret('ABCDEF')).toBe('ABCD EF');
    expect(plainSecret(groupSecret(secret))).toBe(secret);
  });

  it('writes the codes one a line, and the file with a title and a note', () => {
    expect(recoveryCodesText(['aaaaa-bbbbb', 'ccccc-ddddd'])).toBe('aaaaa-bbbbb\nccccc-ddddd\n');
    expect(recoveryCodesFile(['aaaaa-bbbbb'], { title: 'T', note: 'N' })).toBe(
      'T\r\n\r\naaaaa-bbbbb\r\n\r\nN\r\n',
    );
  });

  it('names the file after the app and the day', () => {
    const now = new Date('2026-11-26T17:00:00Z');
    expect(recoveryCodesFileName('Pult', now)).toBe('pult-recovery-codes-2026-11-26.txt');
    expect(recoveryCodesFileName('Пульт', now)).toBe('pult-recovery-codes-2026-11-26.txt');
  });
});
