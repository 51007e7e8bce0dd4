import { RUNTIME_CONFIG_URL } from '@pult/contract';
import { describe, expect, it, vi } from 'vitest';
import { requestRuntimeConfig } from './request-runtime-config';
import { loadRuntimeConfig as loadWith } from './runtime-config';

const loadRuntimeConfig = (fetchFn: typeof fetch) => loadWith(requestRuntimeConfig(fetchFn));

const valid = {
  authServiceUrl: 'http://127.0.0.1:8080/auth',
  storageServiceUrl: 'http://127.0.0.1:8080/storage/api/v1',
  chatServiceUrl: 'http://127.0.0.1:8080/chat/rest/v1',
  notificationServiceUrl: 'http://127.0.0.1:8080/notification/api/v1',
  companyName: 'Pult',
};

function serving(response: Response) {
  return vi.fn<typeof fetch>(async () => response);
}

describe('loadRuntimeConfig', () => {
  it('fetches /config.json uncached and returns it', async () => {
    const fetchFn = serving(Response.json(valid));
    await expect(loadRuntimeConfig(fetchFn)).resolves.toEqual(valid);
    expect(RUNTIME_CONFIG_URL).toBe('/config.json');
    expect(fetchFn).toHaveBeenCalledWith('/config.json', expect.objectContaining({ cache: 'no-store' }));
  });

  it('strips trailing slashes from the service bases, not from the company name', async () => {
    const config = await loadRuntimeConfig(
      serving(
        Response.json({
          ...valid,
          authServiceUrl: '/auth/',
          chatServiceUrl: 'http://c//',
          companyName: 'A/',
        }),
      ),
    );
    expect(config.authServiceUrl).toBe('/auth');
    expect(config.chatServiceUrl).toBe('http://c');
    expect(config.companyName).toBe('A/');
  });

  it('names missing or mistyped fields', async () => {
    const { chatServiceUrl: _omitted, ...withoutChat } = valid;
    const error = await loadRuntimeConfig(serving(Response.json({ ...withoutChat, companyName: 7 }))).catch(
      (caught: unknown) => caught,
    );
    expect(error).toBeInstanceOf(Error);
    expect((error as Error).message).toMatch(/^Invalid \/config\.json: /);
    expect((error as Error).message).toContain('chatServiceUrl');
    expect((error as Error).message).toContain('companyName');
  });

  it('rejects a body that is not an object', async () => {
    await expect(loadRuntimeConfig(serving(Response.json(['x'])))).rejects.toThrow(
      /Invalid \/config\.json: \(root\)/,
    );
  });

  it('rejects a body that is not JSON', async () => {
    await expect(
      loadRuntimeConfig(serving(new Response('<!doctype html>', { status: 200 }))),
    ).rejects.toThrow(/not JSON/);
  });

  it('reports the HTTP status of a failed request', async () => {
    await expect(loadRuntimeConfig(serving(new Response('nope', { status: 404 })))).rejects.toThrow(
      /HTTP 404/,
    );
  });

  it('reports a network failure with its cause', async () => {
    const cause = new TypeError('Failed to fetch');
    const error = await loadRuntimeConfig(vi.fn<typeof fetch>().mockRejectedValue(cause)).catch(
      (caught: unknown) => caught,
    );
    expect((error as Error).message).toMatch(/did not answer/);
    expect((error as Error).cause).toBe(cause);
  });
});
