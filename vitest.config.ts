import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    projects: ['packages/contract', 'apps/api', 'apps/web'],
    // Vitest's default is one worker fewer than the CPUs: one worker on CI's two cores, which leaves a
    // core idle while a file waits on PostgreSQL, a child process or a timer. Each file has its own
    // database (test-database.ts), so two at a time share nothing.
    maxWorkers: 2,
  },
});
