import type { Locale, TokenPair } from '@pult/contract';
import { render } from '@testing-library/react';
import { vi } from 'vitest';
import { publicEn } from '../i18n/locales/public-en-US';
import { publicUk } from '../i18n/locales/public-uk-UA';
import { PublicApp } from '../public-entry/public-app';
import { TEST_CONFIG } from './test-app';

/**
 * Renders the public entry at `path` as the browser would start it, with `fetch` replaced (the
 * public screens call the global one) and the hand-over to the panel recorded instead of made.
 */
export function renderPublic(path: string, options: { fetchFn: typeof fetch; locale?: Locale }) {
  window.history.replaceState(null, '', path);
  vi.stubGlobal('fetch', options.fetchFn);
  const locale = options.locale ?? 'uk-UA';
  const openPanel = vi.fn<(tokens?: TokenPair) => void>();
  const view = render(
    <PublicApp
      config={{ authServiceUrl: TEST_CONFIG.authServiceUrl, companyName: TEST_CONFIG.companyName }}
      locale={locale}
      texts={locale === 'en-US' ? publicEn : publicUk}
      openPanel={openPanel}
    />,
  );
  return { ...view, openPanel };
}
