import { describe, expect, it, vi } from 'vitest';
import { openSessionChannel, parseSessionMessage } from './session-channel';
import { SESSION_CHANNEL_NAME } from './session-channel-name';

const tokens = { access_token: 'a', refresh_token: 'r', expires_at: 1_800_000_000, refresh_expired_at: null };

describe('parseSessionMessage', () => {
  it('accepts the two message types', () => {
    expect(parseSessionMessage({ type: 'logout' })).toEqual({ type: 'logout' });
    expect(parseSessionMessage({ type: 'tokens', tokens })).toEqual({ type: 'tokens', tokens });
    const withRefreshExpiry = { ...tokens, refresh_expired_at: 1_900_000_000 };
    expect(parseSessionMessage({ type: 'tokens', tokens: withRefreshExpiry })).not.toBeNull();
  });

  it.each([
    null,
    'logout',
    { type: 'login' },
    { type: 'tokens' },
    { type: 'tokens', tokens: { ...tokens, access_token: '' } },
    { type: 'tokens', tokens: { ...tokens, expires_at: '1800000000' } },
    { type: 'tokens', tokens: { ...tokens, expires_at: 1.5 } },
  ])('rejects %j', (data) => {
    expect(parseSessionMessage(data)).toBeNull();
  });
});

describe('openSessionChannel', () => {
  function fakeBroadcastChannel() {
    const native = {
      name: '',
      onmessage: null as ((event: MessageEvent) => void) | null,
      postMessage: vi.fn(),
      close: vi.fn(),
    };
    const factory = vi.fn((name: string) => {
      native.name = name;
      return native as unknown as BroadcastChannel;
    });
    return { native, factory };
  }

  it('opens the named channel and forwards posts and incoming data', () => {
    const { native, factory } = fakeBroadcastChannel();
    const channel = openSessionChannel(factory);
    expect(native.name).toBe(SESSION_CHANNEL_NAME);

    channel?.postMessage({ type: 'logout' });
    expect(native.postMessage).toHaveBeenCalledWith({ type: 'logout' });

    const received = vi.fn();
    if (channel) channel.onmessage = received;
    native.onmessage?.(new MessageEvent('message', { data: { type: 'logout' } }));
    expect(received).toHaveBeenCalledWith({ data: { type: 'logout' } });
  });

  it('detaches and closes the native channel on close', () => {
    const { native, factory } = fakeBroadcastChannel();
    openSessionChannel(factory)?.close();
    expect(native.close).toHaveBeenCalledOnce();
    expect(native.onmessage).toBeNull();
  });

  it('returns undefined where BroadcastChannel does not exist', () => {
    vi.stubGlobal('BroadcastChannel', undefined);
    try {
      expect(openSessionChannel()).toBeUndefined();
    } finally {
      vi.unstubAllGlobals();
    }
  });
});
