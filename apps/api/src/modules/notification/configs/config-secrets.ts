import type { SecretBox } from '../../../lib/secret-box.js';

/**
 * The secret keys of config_json (an FCM service account, an APNs key, an SNS session token) are kept
 * out of the stored JSON: sealed together in one column, named in another. A write sets a key by
 * giving it, keeps it by leaving it out, clears it with null.
 */
export interface SplitConfig {
  plain: Record<string, unknown>;
  /** Secret keys the request names: a value to seal, or null to clear. */
  updates: Record<string, unknown>;
}

export function splitConfigJson(
  configJson: Record<string, unknown>,
  secretKeys: readonly string[],
): SplitConfig {
  const plain: Record<string, unknown> = {};
  const updates: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(configJson)) {
    if (secretKeys.includes(key)) updates[key] = value;
    else if (value !== null) plain[key] = value;
  }
  return { plain, updates };
}

export interface SealedConfigSecrets {
  sealed: string | null;
  keys: string[];
}

export function openConfigSecrets(box: SecretBox, sealed: string | null): Record<string, unknown> {
  if (!sealed) return {};
  return JSON.parse(box.open(sealed)) as Record<string, unknown>;
}

/** The stored secrets with the request's changes, limited to the provider's secret keys. */
export function mergeConfigSecrets(
  box: SecretBox,
  stored: string | null,
  updates: Record<string, unknown>,
  secretKeys: readonly string[],
): SealedConfigSecrets {
  const current = openConfigSecrets(box, stored);
  const next: Record<string, unknown> = {};
  for (const key of secretKeys) {
    const value = key in updates ? updates[key] : current[key];
    if (value !== null && value !== undefined && value !== '') next[key] = value;
  }
  const keys = Object.keys(next).sort();
  return { sealed: keys.length > 0 ? box.seal(JSON.stringify(next)) : null, keys };
}

/** A write-only field of a body: undefined keeps, null clears, text sets (sealed). */
export function sealedColumn(box: SecretBox, value: string | null | undefined): string | null | undefined {
  if (value === undefined) return undefined;
  return value === null ? null : box.seal(value);
}
