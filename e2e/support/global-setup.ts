import { rm } from 'node:fs/promises';
import { startPult, TEMPLATE_DATA_DIR_VARIABLE } from './pult-server.js';

/**
 * One server migrates a fresh PGlite and seeds the demo, then stops: the run's servers that need no
 * special settings start from a copy of its data directory. A first start costs 13–18 s of a quiet
 * machine's two cores and the run makes about twenty; every browser test shares those cores.
 */
export default async function globalSetup() {
  const server = await startPult({ LOG_LEVEL: 'warn' });
  const code = await server.stop({ keepData: true });
  // A server killed before it closed its database would leave every copy a directory to recover.
  if (code !== 0) throw new Error(`The template server stopped with ${code}:\n${server.output()}`);
  // Playwright hands the variables a global setup sets to its workers.
  process.env[TEMPLATE_DATA_DIR_VARIABLE] = server.dataDir;
  return async () => {
    await rm(server.dataDir, { recursive: true, force: true });
  };
}
