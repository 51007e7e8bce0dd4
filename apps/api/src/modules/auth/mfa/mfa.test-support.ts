import { createHmac } from 'node:crypto';
import type { MfaChallenge, TokenPair } from '@pult/contract';
import { expect } from 'vitest';
import { createAdmin, signIn } from '../../../test/factories.js';
import type { TestApp } from '../../../test/test-app.js';

/**
 * An authenticator's code computed apart from the server's totp.ts (base32 by bit string, HOTP by
 * hand), so a shared mistake cannot make both agree.
 */
export function codeFor(secret: string, at: Date, stepOffset = 0): string {
  const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ234567';
  const bits = [...secret].map((char) => alphabet.indexOf(char).toString(2).padStart(5, '0')).join('');
  const key = Buffer.from((bits.match(/.{8}/g) ?? []).map((byte) => Number.parseInt(byte, 2)));
  const counter = Buffer.alloc(8);
  counter.writeBigUInt64BE(BigInt(Math.floor(at.getTime() / 30_000) + stepOffset));
  const mac = createHmac('sha1', key).update(counter).digest();
  const offset = mac[19]! & 15;
  return String((mac.readUInt32BE(offset) & 0x7fffffff) % 1_000_000).padStart(6, '0');
}

/** Six-digit codes no step of the window around `at` has: surely wrong. */
export function wrongCodes(secret: string, at: Date, count: number): string[] {
  const valid = new Set([-1, 0, 1].map((offset) => codeFor(secret, at, offset)));
  const codes: string[] = [];
  for (let n = 100_000; codes.length < count; n += 7919) {
    const code = String(n % 1_000_000).padStart(6, '0');
    if (!valid.has(code)) codes.push(code);
  }
  return codes;
}

export const bearer = (pair: TokenPair) => ({ authorization: `Bearer ${pair.access_token}`, Lang: 'en-US' });

/**
 * A new administrator with a confirmed authenticator. The clock is moved one step on, so the code
 * the confirmation spent is not the one a test signs in with next.
 */
export async function enrolledAdmin(t: TestApp) {
  const { admin, password } = await createAdmin(t.db);
  const headers = bearer(await signIn(t, admin.email, password));
  const setup = await t.app.inject({
    method: 'POST',
    url: '/auth/admin/mfa/totp/setup',
    headers,
    payload: { password },
  });
  expect(setup.statusCode, setup.body).toBe(200);
  const { secret } = setup.json<{ secret: string }>();
  const confirm = await t.app.inject({
    method: 'POST',
    url: '/auth/admin/mfa/totp/confirm',
    headers,
    payload: { code: codeFor(secret, t.time.clock()) },
  });
  expect(confirm.statusCode, confirm.body).toBe(200);
  t.time.advance(30);
  return {
    admin,
    password,
    secret,
    headers,
    recoveryCodes: confirm.json<{ recovery_codes: string[] }>().recovery_codes,
  };
}

/** The first step for an admin with a factor: the challenge. */
export async function challenge(t: TestApp, email: string, password: string): Promise<MfaChallenge> {
  const response = await t.app.inject({
    method: 'POST',
    url: '/auth/admin/signin',
    payload: { email, password },
  });
  expect(response.statusCode, response.body).toBe(200);
  const body = response.json<MfaChallenge>();
  expect(body.mfa_required).toBe(true);
  return body;
}

export function secondStep(t: TestApp, payload: Record<string, unknown>) {
  return t.app.inject({ method: 'POST', url: '/auth/admin/signin/mfa', payload, headers: { Lang: 'en-US' } });
}

export function statusCounts(responses: { statusCode: number }[]): Record<number, number> {
  const counts: Record<number, number> = {};
  for (const { statusCode } of responses) counts[statusCode] = (counts[statusCode] ?? 0) + 1;
  return counts;
}
