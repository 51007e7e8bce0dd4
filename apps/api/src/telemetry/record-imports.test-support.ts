import { register } from 'node:module';

/**
 * Preloaded into a server process by the tracing tests (`--import`): every module the process imports
 * from an `@opentelemetry` package is appended to `PULT_RECORD_IMPORTS`, so a test can tell whether
 * the SDK was loaded at all. The hook runs on the loader's thread, hence plain JavaScript in a data URL.
 */
const hook = `
import { appendFileSync } from 'node:fs';
export async function resolve(specifier, context, next) {
  const resolved = await next(specifier, context);
  if (resolved.url.includes('/@opentelemetry/')) appendFileSync(${JSON.stringify(process.env.PULT_RECORD_IMPORTS ?? '/dev/null')}, resolved.url + '\\n');
  return resolved;
}`;
register(`data:text/javascript,${encodeURIComponent(hook)}`);
