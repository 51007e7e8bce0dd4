import { STORAGE_KEYS } from '@pult/contract';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { publicEn } from '../i18n/locales/public-en-US';
import type { PublicConfig } from './public-config';
import { startPublicDownloads } from './public-downloads';

const CONFIG: PublicConfig = { authServiceUrl: 'http://127.0.0.1:3000', companyName: 'Pult' };

describe('the public screens’ downloads', () => {
  beforeEach(() => window.localStorage.clear());

  it('ask for the stored language’s texts and the config at once, neither waiting for the other', () => {
    window.localStorage.setItem(STORAGE_KEYS.language, 'en-US');
    const texts = vi.fn(() => new Promise<typeof publicEn>(() => undefined));
    const config = vi.fn(() => new Promise<PublicConfig>(() => undefined));
    const downloads = startPublicDownloads(window.localStorage, { texts, config });
    expect(downloads.locale).toBe('en-US');
    expect(texts).toHaveBeenCalledWith('en-US');
    expect(config).toHaveBeenCalledOnce();
  });

  it('fall back to Ukrainian when no language is stored', () => {
    const texts = vi.fn(async () => publicEn);
    startPublicDownloads(window.localStorage, { texts, config: async () => CONFIG });
    expect(texts).toHaveBeenCalledWith('uk-UA');
  });

  it('keep a failed config for whoever awaits it, without an unhandled rejection meanwhile', async () => {
    const unhandled = vi.fn();
    process.on('unhandledRejection', unhandled);
    const downloads = startPublicDownloads(window.localStorage, {
      texts: async () => publicEn,
      config: async () => {
        throw new Error('HTTP 503');
      },
    });
    await new Promise((resolve) => setTimeout(resolve, 10));
    process.off('unhandledRejection', unhandled);
    expect(unhandled).not.toHaveBeenCalled();
    await expect(downloads.config).rejects.toThrow('HTTP 503');
    await expect(downloads.texts).resolves.toBe(publicEn);
  });
});
