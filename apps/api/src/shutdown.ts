import { setTimeout as sleep } from 'node:timers/promises';
import type { PultApp } from './app.js';

export interface ShutdownOptions {
  /** How long `/readyz` answers 503 while requests are still served, before the listener closes. */
  drainMs: number;
  closeDatabase(): Promise<void>;
}

/**
 * SIGTERM's order: `/readyz` turns 503 and the server keeps serving for `drainMs`, so a load balancer
 * sees the process leave before its connections are refused; then the listener closes (requests in
 * flight finish), the e-mail worker stops (its sends finish within their grace) and the database
 * closes.
 */
export async function shutDown(
  pult: Pick<PultApp, 'app' | 'readiness' | 'stopWorkers'>,
  options: ShutdownOptions,
) {
  pult.readiness.beginDrain();
  if (options.drainMs > 0) {
    pult.app.log.info({ drainMs: options.drainMs }, 'Draining: /readyz answers 503');
    await sleep(options.drainMs);
  }
  await pult.app.close();
  await pult.stopWorkers();
  await options.closeDatabase();
}
