/// <reference types="node" />
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

/** Everything the single API server serves; the dev server forwards it so the panel runs same-origin. */
const API_TARGET = process.env.PULT_API_URL ?? 'http://127.0.0.1:8080';
const PROXIED_PATHS = ['/auth', '/storage', '/chat', '/notification', '/config.json', '/healthz'];

export default defineConfig({
  plugins: [react()],
  server: {
    host: '127.0.0.1',
    port: 5173,
    proxy: Object.fromEntries(
      PROXIED_PATHS.map((path) => [path, { target: API_TARGET, changeOrigin: true }]),
    ),
  },
  preview: {
    host: '127.0.0.1',
    port: 4173,
    proxy: Object.fromEntries(
      PROXIED_PATHS.map((path) => [path, { target: API_TARGET, changeOrigin: true }]),
    ),
  },
  build: { outDir: 'dist', emptyOutDir: true, sourcemap: true },
});
