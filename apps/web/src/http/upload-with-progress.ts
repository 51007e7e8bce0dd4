import { FORBIDDEN_TEXTS, forbiddenErrorSchema, toLocale } from '@pult/contract';
import type { SessionManager } from '../session/session-manager';
import { HttpError } from './http-error';
import { newTraceparent } from './traceparent';

export interface UploadOptions {
  session: SessionManager;
  locale: string;
  /** Called as bytes leave the browser; `total` is the whole request body. */
  onProgress: (loaded: number, total: number) => void;
  signal?: AbortSignal;
  onForbidden?: (text: string) => void;
  /**
   * A 403 `step_up_required` (an import that changes memberships): resolves true once the
   * administrator has confirmed it is them, and the file is sent once more, as the HTTP client does.
   */
  onStepUp?: () => Promise<boolean>;
}

/**
 * A POST of a file (multipart FormData, or a Blob sent as it is under its own type) that reports
 * upload progress, which `fetch` cannot. Where the server reads the body as it works (an import), the
 * upload's progress is the work's. It keeps the rules of the
 * HTTP client (spec §7): a fresh token before sending, the Lang and X-Requested-With headers, one
 * renewal and resend on a 401 (else sign-out), a step-up and one resend on `step_up_required` when
 * `onStepUp` is given, and any other 403 announced with its `error` text.
 */
export async function uploadWithProgress<T>(
  url: string,
  form: FormData | Blob,
  options: UploadOptions,
): Promise<T> {
  const { session } = options;
  await session.ensureFreshToken();
  const sentToken = session.getAccessToken();
  let result = await send(url, form, sentToken, options);
  if (result.status === 401 && sentToken !== null) {
    const renewal = await session.forceRenew();
    if (renewal === 'unreachable') throw new HttpError(0, null);
    if (renewal === 'refused') {
      await session.signOut({ callServer: false, reason: 'rejected' });
      throw new HttpError(401, result.body);
    }
    result = await send(url, form, session.getAccessToken(), options);
  }
  if (result.status === 403 && options.onStepUp && stepUpAsked(result.body)) {
    if (!(await options.onStepUp())) throw new HttpError(403, result.body);
    // The dialog may have stayed open past the access token's life.
    await session.ensureFreshToken();
    // Cancelled while the dialog was open: the file must not go out again.
    if (options.signal?.aborted) throw cancelled();
    result = await send(url, form, session.getAccessToken(), options);
  }
  if (result.status === 403) {
    const parsed = forbiddenErrorSchema.safeParse(result.body);
    options.onForbidden?.(parsed.success ? parsed.data.error : FORBIDDEN_TEXTS[toLocale(options.locale)]);
  }
  if (result.status < 200 || result.status > 299) throw new HttpError(result.status, result.body);
  return result.body as T;
}

function send(
  url: string,
  form: FormData | Blob,
  token: string | null,
  options: UploadOptions,
): Promise<{ status: number; body: unknown }> {
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open('POST', url);
    xhr.withCredentials = true;
    xhr.setRequestHeader('Accept', 'application/json');
    xhr.setRequestHeader('X-Requested-With', 'XMLHttpRequest');
    xhr.setRequestHeader('Lang', options.locale);
    xhr.setRequestHeader('traceparent', newTraceparent());
    if (token !== null) xhr.setRequestHeader('Authorization', `Bearer ${token}`);
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable) options.onProgress(event.loaded, event.total);
    };
    xhr.onload = () => resolve({ status: xhr.status, body: parseBody(xhr.responseText) });
    xhr.onerror = () => reject(new HttpError(0, null));
    xhr.onabort = () => reject(cancelled());
    options.signal?.addEventListener('abort', () => xhr.abort(), { once: true });
    xhr.send(form);
  });
}

function cancelled(): DOMException {
  return new DOMException('The upload was cancelled', 'AbortError');
}

function stepUpAsked(body: unknown): boolean {
  const parsed = forbiddenErrorSchema.safeParse(body);
  return parsed.success && parsed.data.code === 'step_up_required';
}

function parseBody(text: string): unknown {
  if (text === '') return null;
  try {
    return JSON.parse(text);
  } catch {
    return null;
  }
}
