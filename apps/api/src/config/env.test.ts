import { describe, expect, it } from 'vitest';
import { ConfigError, DEMO_ADMIN, loadConfig } from './env.js';

describe('loadConfig', () => {
  it('applies the documented defaults for the embedded database', () => {
    const config = loadConfig({});
    expect(config.port).toBe(8080);
    expect(config.host).toBe('127.0.0.1');
    expect(config.databaseUrl).toBeUndefined();
    expect(config.bootstrapAdmin).toEqual(DEMO_ADMIN);
    expect(config.accessTokenTtl).toBe(900);
    expect(config.refreshTokenTtl).toBe(604_800);
    expect(config.sessionMaxAge).toBe(2_592_000);
    expect(config.serviceUrls.auth).toBe('http://127.0.0.1:8080/auth');
    expect(config.serviceUrls.notification).toBe('http://127.0.0.1:8080/notification/api/v1');
    expect(config.seedDemo).toBe(true);
    expect(config.trustProxy).toBe(false);
    expect(config.passwordHashing.concurrency).toBeGreaterThanOrEqual(1);
    expect(config.passwordHashing.maxWaitMs).toBe(2_000);
    expect(config.shutdownDrainMs).toBe(0);
  });

  it('gives a PostgreSQL deployment no default admin', () => {
    const config = loadConfig({ DATABASE_URL: 'postgres://db/pult' });
    expect(config.bootstrapAdmin).toBeUndefined();
    expect(config.seedDemo).toBe(false);
    // Behind a balancer: /readyz answers 503 for 5 s after SIGTERM before the listener closes.
    expect(config.shutdownDrainMs).toBe(5_000);
    expect(loadConfig({ DATABASE_URL: 'postgres://db/pult', SHUTDOWN_DRAIN_MS: '0' }).shutdownDrainMs).toBe(
      0,
    );
  });

  it('serves metrics only when METRICS_PORT or METRICS_TOKEN is set', () => {
    expect(loadConfig({}).metrics).toEqual({ port: undefined, host: '127.0.0.1', token: undefined });
    const config = loadConfig({
      METRICS_PORT: '9464',
      METRICS_HOST: '10.0.0.5',
      METRICS_TOKEN: 'a'.repeat(16),
    });
    expect(config.metrics).toEqual({ port: 9464, host: '10.0.0.5', token: 'a'.repeat(16) });
    expect(() => loadConfig({ METRICS_PORT: 'ninety' })).toThrow(/METRICS_PORT/);
    expect(() => loadConfig({ METRICS_PORT: '70000' })).toThrow(/METRICS_PORT/);
    expect(() => loadConfig({ METRICS_TOKEN: 'short' })).toThrow(/METRICS_TOKEN/);
    expect(() => loadConfig({ METRICS_TOKEN: 'has a space in it, 16+' })).toThrow(/METRICS_TOKEN/);
  });

  it('names the offending variable in one line', () => {
    expect(() => loadConfig({ PORT: 'eighty' })).toThrow(ConfigError);
    expect(() => loadConfig({ PORT: 'eighty' })).toThrow(/^Invalid configuration: PORT .*"eighty"/);
    expect(() => loadConfig({ DATABASE_URL: 'mysql://x' })).toThrow(/DATABASE_URL/);
    expect(() => loadConfig({ ACCESS_TOKEN_TTL: '-5' })).toThrow(/ACCESS_TOKEN_TTL/);
    expect(() => loadConfig({ ADMIN_EMAIL: 'a@b.co' })).toThrow(/ADMIN_PASSWORD/);
    expect(() => loadConfig({ TRUST_PROXY: 'yes' })).toThrow(/TRUST_PROXY/);
    expect(() => loadConfig({ PASSWORD_HASH_CONCURRENCY: '0' })).toThrow(/PASSWORD_HASH_CONCURRENCY/);
    expect(() => loadConfig({ PASSWORD_HASH_MAX_WAIT_MS: 'soon' })).toThrow(/PASSWORD_HASH_MAX_WAIT_MS/);
  });

  it('derives service URLs from PUBLIC_URL unless one is given', () => {
    const config = loadConfig({
      PUBLIC_URL: 'https://admin.example.com/',
      CHAT_SERVICE_URL: 'https://chat.example.com/rest/v1',
    });
    expect(config.serviceUrls.auth).toBe('https://admin.example.com/auth');
    expect(config.serviceUrls.chat).toBe('https://chat.example.com/rest/v1');
  });
});
