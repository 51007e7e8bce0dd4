import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/app';
import { AppFrame } from './app/app-frame';
import { bootstrap } from './app/bootstrap';
import { StartupError, StartupLoading } from './app/startup-screens';
import { createI18n, loadStoredTexts } from './i18n/i18n';

const root = createRoot(document.getElementById('root')!);
// Only the stored language's texts are downloaded, and before the first render, so that render is in it.
const i18n = createI18n(window.localStorage, await loadStoredTexts(window.localStorage));

async function start(): Promise<void> {
  root.render(
    <AppFrame i18n={i18n}>
      <StartupLoading />
    </AppFrame>,
  );
  try {
    const { services, router } = await bootstrap(i18n);
    root.render(
      <StrictMode>
        <App i18n={i18n} services={services} router={router} />
      </StrictMode>,
    );
  } catch (error) {
    console.error('Pult could not start', error);
    root.render(
      <AppFrame i18n={i18n}>
        <StartupError onRetry={() => void start()} />
      </AppFrame>,
    );
  }
}

void start();
