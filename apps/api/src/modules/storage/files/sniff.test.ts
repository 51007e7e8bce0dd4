import { describe, expect, it } from 'vitest';
import { contentDisposition, servedAs, sniffMime } from './sniff.js';

const PNG = Buffer.from('89504e470d0a1a0a0000000d49484452', 'hex');

describe('MIME sniffing', () => {
  it('believes magic bytes over the extension', async () => {
    expect(await sniffMime(PNG, 'txt')).toBe('image/png');
    expect(await sniffMime(Buffer.from('%PDF-1.7\n'), 'png')).toBe('application/pdf');
  });

  it('names text by its extension and anything else unknown as octet-stream', async () => {
    expect(await sniffMime(Buffer.from('a,b\n1,2\n'), 'csv')).toBe('text/csv');
    expect(await sniffMime(Buffer.from('<svg/>'), 'svg')).toBe('image/svg+xml');
    expect(await sniffMime(Buffer.from('just words'), 'png')).toBe('text/plain');
    expect(await sniffMime(Buffer.from([0x13, 0x00, 0x37, 0xc0, 0x00, 0x02]), 'txt')).toBe(
      'application/octet-stream',
    );
    expect(await sniffMime(Buffer.alloc(0), 'txt')).toBe('application/octet-stream');
    // A multi-byte character cut at the end of the sample is still text.
    expect(await sniffMime(Buffer.from('Привіт').subarray(0, 5), 'txt')).toBe('text/plain');
  });

  it('never serves uploaded markup as a page', () => {
    expect(servedAs('text/html', 'inline')).toEqual({
      type: 'text/plain; charset=utf-8',
      disposition: 'inline',
    });
    expect(servedAs('image/svg+xml', 'inline')).toEqual({
      type: 'text/plain; charset=utf-8',
      disposition: 'inline',
    });
    expect(servedAs('image/png', 'inline')).toEqual({ type: 'image/png', disposition: 'inline' });
    expect(servedAs('application/zip', 'inline')).toEqual({
      type: 'application/zip',
      disposition: 'attachment',
    });
    expect(contentDisposition('attachment', 'звіт "1".pdf')).toBe(
      'attachment; filename="____ _1_.pdf"; filename*=UTF-8\'\'%D0%B7%D0%B2%D1%96%D1%82%20%221%22.pdf',
    );
  });
});
