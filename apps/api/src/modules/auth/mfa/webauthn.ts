import { isIP } from 'node:net';
import type { WebauthnResponse } from '@pult/contract';
import {
  type AuthenticationResponseJSON,
  generateAuthenticationOptions,
  generateRegistrationOptions,
  type RegistrationResponseJSON,
  verifyAuthenticationResponse,
  verifyRegistrationResponse,
} from '@simplewebauthn/server';
import type { Executor } from '../../../db/database.js';
import type { Clock } from '../../../lib/clock.js';
import type { PasskeyStore } from './passkey-store.js';

/** Where passkeys are bound: the panel's host name and origin (PUBLIC_URL). */
export interface RelyingParty {
  id: string;
  origin: string;
  name: string;
  /** Browsers refuse an IP address as a relying party: no passkeys at such an address. */
  available: boolean;
}

export function relyingPartyOf(publicUrl: string, name: string): RelyingParty {
  const url = new URL(publicUrl);
  const host = url.hostname.replace(/^\[|\]$/g, '');
  return { id: host, origin: url.origin, name, available: isIP(host) === 0 };
}

/** The challenge a browser's answer carries in its client data, or null when it is unreadable. */
export function challengeOf(response: WebauthnResponse): string | null {
  const data = response.response.clientDataJSON;
  if (typeof data !== 'string') return null;
  try {
    const parsed: unknown = JSON.parse(Buffer.from(data, 'base64url').toString('utf8'));
    const challenge = (parsed as { challenge?: unknown } | null)?.challenge;
    return typeof challenge === 'string' ? challenge : null;
  } catch {
    return null;
  }
}

/**
 * Passkeys through @simplewebauthn/server: options for the browser (their challenge kept for one
 * use), and checking its answers. A challenge is spent before the answer is checked, in the caller's
 * transaction, so an answer is accepted once and only by the admin and purpose it was made for.
 */
export function createWebauthn(deps: { store: PasskeyStore; rp: RelyingParty; clock: Clock }) {
  const { store, rp, clock } = deps;

  async function registrationOptions(admin: { id: number; email: string }) {
    const existing = await store.credentials(admin.id);
    const options = await generateRegistrationOptions({
      rpName: rp.name,
      rpID: rp.id,
      userName: admin.email,
      // Stable per administrator and free of personal data, as the user handle should be.
      userID: new TextEncoder().encode(`pult-admin-${admin.id}`),
      attestationType: 'none',
      excludeCredentials: existing.map((row) => ({ id: row.credential_id, transports: row.transports })),
      authenticatorSelection: { residentKey: 'preferred', userVerification: 'preferred' },
    });
    await store.saveChallenge(admin.id, options.challenge, 'register', clock());
    return options;
  }

  /** A new passkey from the browser's answer, or null when the answer does not hold. */
  async function register(executor: Executor, adminId: number, response: WebauthnResponse, name: string) {
    const challenge = challengeOf(response);
    if (!challenge || !(await store.consumeChallenge(executor, adminId, challenge, 'register', clock())))
      return null;
    const verified = await verifyRegistrationResponse({
      // Shape-checked by the contract; the library checks the rest and throws on what does not hold.
      response: response as unknown as RegistrationResponseJSON,
      expectedChallenge: challenge,
      expectedOrigin: rp.origin,
      expectedRPID: rp.id,
      requireUserVerification: false,
    }).catch(() => null);
    if (!verified?.verified) return null;
    const { credential } = verified.registrationInfo;
    return store.insert(
      executor,
      {
        adminId,
        credentialId: credential.id,
        publicKey: Buffer.from(credential.publicKey).toString('base64url'),
        counter: credential.counter,
        transports: credential.transports ?? [],
        name,
      },
      clock(),
    );
  }

  async function authenticationOptions(adminId: number) {
    const credentials = await store.credentials(adminId);
    const options = await generateAuthenticationOptions({
      rpID: rp.id,
      allowCredentials: credentials.map((row) => ({ id: row.credential_id, transports: row.transports })),
      userVerification: 'preferred',
    });
    await store.saveChallenge(adminId, options.challenge, 'authenticate', clock());
    return options;
  }

  /** Checks an assertion by one of the admin's passkeys and records its use; false when it fails. */
  async function spend(executor: Executor, adminId: number, response: WebauthnResponse): Promise<boolean> {
    const challenge = challengeOf(response);
    const now = clock();
    if (!challenge || !(await store.consumeChallenge(executor, adminId, challenge, 'authenticate', now)))
      return false;
    const credential = (await store.credentials(adminId, executor)).find(
      (row) => row.credential_id === response.id,
    );
    if (!credential) return false;
    const verified = await verifyAuthenticationResponse({
      response: response as unknown as AuthenticationResponseJSON,
      expectedChallenge: challenge,
      expectedOrigin: rp.origin,
      expectedRPID: rp.id,
      credential: {
        id: credential.credential_id,
        publicKey: new Uint8Array(Buffer.from(credential.public_key, 'base64url')),
        counter: Number(credential.counter),
        transports: credential.transports,
      },
      requireUserVerification: false,
    }).catch(() => null);
    if (!verified?.verified) return false;
    return store.recordUse(
      executor,
      Number(credential.id),
      credential.counter,
      verified.authenticationInfo.newCounter,
      now,
    );
  }

  return { rp, registrationOptions, register, authenticationOptions, spend };
}

export type Webauthn = ReturnType<typeof createWebauthn>;
