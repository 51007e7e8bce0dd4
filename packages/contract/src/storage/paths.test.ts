import { describe, expect, it } from 'vitest';
import { extensionOf, joinPath, mimeAllowed, pathError } from './paths.js';

describe('storage paths', () => {
  it('keeps Unicode names as given', () => {
    for (const path of [
      'ліс.png',
      'docs/звіт 2026.pdf',
      '日本/写真.jpg',
      'emoji/😀.txt',
      'a/.hidden',
      '..x',
    ]) {
      expect(pathError(path), path).toBeNull();
    }
  });

  it('refuses what could mislead a person or another system', () => {
    expect(pathError('')).toBe('required');
    expect(pathError('/abs')).toBe('pathAbsolute');
    expect(pathError('D:/x')).toBe('pathAbsolute');
    expect(pathError('a/../b')).toBe('pathDotSegment');
    expect(pathError('./a')).toBe('pathDotSegment');
    expect(pathError('a//b')).toBe('pathEmptySegment');
    expect(pathError('a/')).toBe('pathEmptySegment');
    expect(pathError('a\\b')).toBe('pathEmptySegment');
    expect(pathError('tab\there')).toBe('pathControlChars');
    expect(pathError('x\u202egnp.exe')).toBe('pathControlChars');
    expect(pathError('\ud800.txt')).toBe('pathControlChars');
    expect(pathError('я'.repeat(128))).toBe('pathTooLong');
    expect(pathError(`${'a'.repeat(200)}/`.repeat(6).slice(0, -1))).toBe('pathTooLong');
  });

  it('joins a folder and a name, and reads extensions and MIME families', () => {
    expect(joinPath(' /reports/2026/ ', 'a.pdf')).toBe('reports/2026/a.pdf');
    expect(joinPath('', 'a.pdf')).toBe('a.pdf');
    expect(extensionOf('dir.v2/Photo.JPG')).toBe('jpg');
    expect(extensionOf('.bashrc')).toBe('');
    expect(extensionOf('README')).toBe('');
    expect(mimeAllowed('image/png', ['image/*'])).toBe(true);
    expect(mimeAllowed('application/pdf', ['image/*', 'text/plain'])).toBe(false);
    expect(mimeAllowed('anything/else', [])).toBe(true);
  });
});
