/** Query parameters whose values are credentials (the recovery code travels in a link). */
const SECRET_PARAMS = new Set(['code', 'token', 'refresh_token', 'access_token', 'password']);

/** The URL as it may appear in a log line: secret query values replaced by `***`. */
export function redactUrl(url: string): string {
  const queryStart = url.indexOf('?');
  if (queryStart === -1) return url;
  const params = new URLSearchParams(url.slice(queryStart + 1));
  let changed = false;
  for (const key of [...params.keys()]) {
    if (SECRET_PARAMS.has(key.toLowerCase())) {
      params.set(key, '***');
      changed = true;
    }
  }
  return changed ? `${url.slice(0, queryStart)}?${params.toString()}` : url;
}
