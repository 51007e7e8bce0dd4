import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { ForcedRenewal, SessionManager } from '../session/session-manager';
import { HttpError } from './http-error';
import { uploadWithProgress } from './upload-with-progress';

const STEP_UP = { code: 'step_up_required', error: 'Confirm it is you' };

/** An XMLHttpRequest that answers each send with the next queued response. */
class FakeXhr {
  static answers: { status: number; body: unknown }[] = [];
  static sent: { headers: Record<string, string> }[] = [];
  status = 0;
  responseText = '';
  withCredentials = false;
  upload: { onprogress: ((event: ProgressEvent) => void) | null } = { onprogress: null };
  onload: (() => void) | null = null;
  onerror: (() => void) | null = null;
  onabort: (() => void) | null = null;
  private readonly headers: Record<string, string> = {};

  open(): void {}
  setRequestHeader(name: string, value: string): void {
    this.headers[name] = value;
  }
  send(): void {
    FakeXhr.sent.push({ headers: this.headers });
    const answer = FakeXhr.answers.shift() ?? { status: 200, body: {} };
    this.status = answer.status;
    this.responseText = JSON.stringify(answer.body);
    queueMicrotask(() => this.onload?.());
  }
  abort(): void {
    queueMicrotask(() => this.onabort?.());
  }
}

function fakeSession(): SessionManager {
  return {
    start: vi.fn(async () => {}),
    signIn: vi.fn(),
    getAccessToken: vi.fn(() => 'a0'),
    isSignedIn: vi.fn(() => true),
    ensureFreshToken: vi.fn(async () => {}),
    forceRenew: vi.fn(async (): Promise<ForcedRenewal> => 'renewed'),
    signOut: vi.fn(async () => {}),
    signOutReason: vi.fn(() => null),
    subscribe: vi.fn(() => () => {}),
    stop: vi.fn(),
  };
}

describe('uploadWithProgress: step-up', () => {
  beforeEach(() => {
    FakeXhr.answers = [];
    FakeXhr.sent = [];
    vi.stubGlobal('XMLHttpRequest', FakeXhr);
  });
  afterEach(() => vi.unstubAllGlobals());

  const upload = (options: { onStepUp: () => Promise<boolean>; signal?: AbortSignal }) =>
    uploadWithProgress<{ done: boolean }>('/import', new Blob(['a,b\n']), {
      session: fakeSession(),
      locale: 'en-US',
      onProgress: () => {},
      ...options,
    });

  it('sends the file once more after the step-up dialog confirms, and only once', async () => {
    FakeXhr.answers = [
      { status: 403, body: STEP_UP },
      { status: 200, body: { done: true } },
    ];
    const onStepUp = vi.fn(async () => true);
    await expect(upload({ onStepUp })).resolves.toEqual({ done: true });
    expect(onStepUp).toHaveBeenCalledTimes(1);
    expect(FakeXhr.sent).toHaveLength(2);
  });

  it('does not resend when asked for a step-up again, nor when the dialog is dismissed', async () => {
    FakeXhr.answers = [
      { status: 403, body: STEP_UP },
      { status: 403, body: STEP_UP },
    ];
    await expect(upload({ onStepUp: async () => true })).rejects.toBeInstanceOf(HttpError);
    expect(FakeXhr.sent).toHaveLength(2);

    FakeXhr.sent = [];
    FakeXhr.answers = [{ status: 403, body: STEP_UP }];
    await expect(upload({ onStepUp: async () => false })).rejects.toMatchObject({ status: 403 });
    expect(FakeXhr.sent).toHaveLength(1);
  });

  it('does not resend a file cancelled while the step-up dialog was open', async () => {
    FakeXhr.answers = [
      { status: 403, body: STEP_UP },
      { status: 200, body: { done: true } },
    ];
    const controller = new AbortController();
    const onStepUp = async () => {
      controller.abort();
      return true;
    };
    await expect(upload({ onStepUp, signal: controller.signal })).rejects.toMatchObject({
      name: 'AbortError',
    });
    expect(FakeXhr.sent).toHaveLength(1);
  });
});
