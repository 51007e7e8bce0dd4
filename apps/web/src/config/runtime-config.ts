import { RUNTIME_CONFIG_URL, type RuntimeConfig, runtimeConfigSchema } from '@pult/contract';
import { requestRuntimeConfig } from './request-runtime-config';

const SERVICE_URL_KEYS = [
  'authServiceUrl',
  'storageServiceUrl',
  'chatServiceUrl',
  'notificationServiceUrl',
] as const;

/**
 * Reads the service bases and company name the server publishes (ARCHITECTURE "Services"), so one
 * build can be pointed at services on other hosts. Throws an Error naming the problem, since the panel
 * cannot do anything useful without it. `request` is the request's answer to come, when the caller
 * started it earlier (`requestRuntimeConfig`).
 */
export async function loadRuntimeConfig(
  request: Promise<Response> = requestRuntimeConfig(),
): Promise<RuntimeConfig> {
  let response: Response;
  try {
    response = await request;
  } catch (error) {
    throw new Error(`Cannot load ${RUNTIME_CONFIG_URL}: the server did not answer`, { cause: error });
  }
  if (!response.ok) throw new Error(`Cannot load ${RUNTIME_CONFIG_URL}: HTTP ${response.status}`);

  let raw: unknown;
  try {
    raw = await response.json();
  } catch (error) {
    throw new Error(`Invalid ${RUNTIME_CONFIG_URL}: the body is not JSON`, { cause: error });
  }

  const parsed = runtimeConfigSchema.safeParse(raw);
  if (!parsed.success) {
    const problems = parsed.error.issues.map(
      (issue) => `${issue.path.join('.') || '(root)'}: ${issue.message}`,
    );
    throw new Error(`Invalid ${RUNTIME_CONFIG_URL}: ${problems.join('; ')}`);
  }
  return withoutTrailingSlashes(parsed.data);
}

/** Callers append paths that start with '/', so a base ending in '/' would produce '//'. */
function withoutTrailingSlashes(config: RuntimeConfig): RuntimeConfig {
  const result = { ...config };
  for (const key of SERVICE_URL_KEYS) result[key] = result[key].replace(/\/+$/, '');
  return result;
}
