#!/usr/bin/env node
// Development: the API with reload (tsx watch) and the panel with HMR (Vite, proxying the services).
import { spawn } from 'node:child_process';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
const env = { ...process.env, NODE_ENV: 'development' };
// The panel is opened on Vite's port and reaches the services through its proxy, so /config.json,
// CORS and e-mail links must name that origin.
const apiEnv = {
  ...env,
  PUBLIC_URL: process.env.PUBLIC_URL ?? 'http://127.0.0.1:5173',
  DATA_DIR: process.env.DATA_DIR ?? path.join(root, 'data'),
};
const children = [
  spawn('npm', ['run', 'dev', '-w', '@pult/api'], { cwd: root, stdio: 'inherit', env: apiEnv }),
  spawn('npm', ['run', 'dev', '-w', '@pult/web'], { cwd: root, stdio: 'inherit', env }),
];
const stop = () => {
  for (const child of children) child.kill('SIGTERM');
};
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
for (const child of children) child.on('exit', (code) => code && stop());
