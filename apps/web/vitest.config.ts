import { defineProject } from 'vitest/config';

export default defineProject({ test: { name: 'web', environment: 'happy-dom', testTimeout: 20_000 } });
