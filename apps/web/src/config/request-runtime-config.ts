import { RUNTIME_CONFIG_URL } from '@pult/contract';

/**
 * Asks for /config.json, never from a cache: a redeploy may move the services. Kept apart from its
 * checks so that an entry can start the request at once, before the code that reads the answer.
 */
export function requestRuntimeConfig(
  fetchFn: typeof fetch = (input, init) => fetch(input, init),
): Promise<Response> {
  return fetchFn(RUNTIME_CONFIG_URL, { cache: 'no-store', headers: { Accept: 'application/json' } });
}
