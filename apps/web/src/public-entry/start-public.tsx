import '../public-kit/public-kit.css';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { translate } from '../i18n/translate';
import { Alert } from '../public-kit/alert';
import { hasLiveSession } from '../session/token-store';
import { applyColorMode } from './color-mode';
import { openPanel } from './hand-over';
import { PublicApp } from './public-app';
import type { PublicDownloads } from './public-downloads';

/**
 * Starts the public screens (sign-in, recovery, change password) with the texts and config the entry
 * began downloading. A signed-in administrator opening `/` goes straight on to the panel, as the
 * panel's own guard would send them.
 */
export async function startPublic(downloads: Promise<PublicDownloads>): Promise<void> {
  const storage = window.localStorage;
  applyColorMode(storage);
  const root = createRoot(document.getElementById('root')!);
  const toPanel = (tokens?: Parameters<typeof openPanel>[1]) => void openPanel(root, tokens);
  if (window.location.pathname === '/' && hasLiveSession(storage)) {
    toPanel();
    return;
  }
  const { locale, texts: textsLoad, config: configLoad } = await downloads;
  const texts = await textsLoad;
  try {
    const config = await configLoad;
    root.render(
      <StrictMode>
        <PublicApp config={config} locale={locale} texts={texts} openPanel={toPanel} />
      </StrictMode>,
    );
  } catch (error) {
    console.error('Pult could not start', error);
    root.render(
      <main className="pk-main">
        <Alert severity="error">
          {translate(texts, 'app.configFailed')}{' '}
          <button type="button" className="pk-link" onClick={() => window.location.reload()}>
            {translate(texts, 'app.retry')}
          </button>
        </Alert>
      </main>,
    );
  }
}
