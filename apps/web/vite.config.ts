/// <reference types="node" />
import type { IncomingMessage } from 'node:http';
import path from 'node:path';
import react from '@vitejs/plugin-react';
import { defineConfig, type ProxyOptions } from 'vite';
import { panelChunk } from './build/panel-chunk.ts';
import { precompress } from './build/precompress-plugin.ts';
import { preloadChunks } from './build/preload-chunks-plugin.ts';

/** Everything the single API server serves; dev and preview forward it so the panel runs same-origin. */
const API_TARGET = process.env.PULT_API_URL ?? 'http://127.0.0.1:8080';
const PROXIED_PATHS = ['/auth', '/storage', '/chat', '/notification', '/config.json', '/healthz', '/readyz'];

/**
 * Panel routes share prefixes with the services (`/auth/users` vs `/auth/admin/...`,
 * `/notification/templates` vs `/notification/api/v1`), so a browser page load of such a route is
 * answered with the SPA's index.html, the way the API server itself does it, instead of being proxied.
 */
function isPageNavigation(req: IncomingMessage): boolean {
  const pathname = (req.url ?? '').split('?')[0] ?? '';
  return req.method === 'GET' && (req.headers.accept ?? '').includes('text/html') && !/\.\w+$/.test(pathname);
}

/** React itself: the one library both the public screens and the panel run on. */
const REACT = /node_modules[\\/](?:react|react-dom|scheduler)[\\/]/;

const FRAMEWORK =
  /node_modules[\\/](?:react-router|@emotion[\\/][^\\/]+|@mui[\\/](?:system|utils|styled-engine|private-theming)|@tanstack[\\/][^\\/]+)[\\/]/;

const SRC = path.join(import.meta.dirname, 'src');

/**
 * What the dispatcher (`main.tsx`) runs to start its first requests before any screen's code arrives
 * (the stored language, the session's tokens, the config's request), and what those modules import. Left in the entry, whose name changes with every page (it names the
 * route table), every chunk that shares them (the start-up, the public screens) would import the entry
 * and change with it.
 */
const BOOT =
  /(?:apps[\\/]web[\\/]src[\\/](?:i18n[\\/]language-storage|config[\\/]request-runtime-config|session[\\/]token-store)|packages[\\/]contract[\\/]src[\\/](?:constants|locales))\.ts$/;

const proxyEntry: ProxyOptions = {
  target: API_TARGET,
  changeOrigin: true,
  bypass: (req) => (isPageNavigation(req) ? '/index.html' : undefined),
};
const proxy = Object.fromEntries(PROXIED_PATHS.map((path) => [path, proxyEntry]));

export default defineConfig({
  plugins: [react(), preloadChunks(['react']), precompress()],
  server: { host: '127.0.0.1', port: 5173, proxy },
  preview: { host: '127.0.0.1', port: 4173, proxy },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    sourcemap: true,
    rolldownOptions: {
      output: {
        codeSplitting: {
          // What every screen needs, sign-in included, in one file that only changes when a library is
          // upgraded: a new release of the panel's own code leaves it in the browser's cache.
          // React apart from the rest, so the public screens (issue 24) download it and nothing else.
          groups: [
            // Vite's helper behind every page's `import()`: left in the entry, it made every chunk with an
            // `import()` import the entry, whose name changes with each release (the entry names the
            // route table and the language chunks, through app/load-panel.ts).
            { name: 'preload-helper', test: /^\0vite[\\/]preload-helper/, priority: 3 },
            { name: 'boot', test: BOOT, priority: 3 },
            { name: 'react', test: REACT, priority: 2 },
            { name: 'framework', test: FRAMEWORK, priority: 1 },
            panelChunk(SRC),
          ],
        },
      },
    },
  },
});
