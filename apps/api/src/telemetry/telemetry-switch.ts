import type { Telemetry } from './start-telemetry.js';

/**
 * Tracing is on when `OTEL_EXPORTER_OTLP_ENDPOINT` names a collector (and `OTEL_SDK_DISABLED` is not
 * `true`). Off, nothing of OpenTelemetry is imported: the SDK module is loaded only past this check.
 */
export function tracingConfigured(env: NodeJS.ProcessEnv): boolean {
  return Boolean(env.OTEL_EXPORTER_OTLP_ENDPOINT?.trim()) && env.OTEL_SDK_DISABLED?.trim() !== 'true';
}

/** Starts the SDK when tracing is configured; call before the server's modules build anything. */
export async function startTelemetryIfConfigured(env: NodeJS.ProcessEnv): Promise<Telemetry | null> {
  if (!tracingConfigured(env)) return null;
  const { startTelemetry } = await import('./start-telemetry.js');
  return startTelemetry();
}
