import { createHash, generateKeyPairSync, type KeyObject, randomBytes, sign } from 'node:crypto';
import type { WebauthnResponse } from '@pult/contract';

/**
 * A passkey authenticator in software, written from the WebAuthn spec (not with the server's
 * library), so the server's checks meet answers built independently: a P-256 key, "none"
 * attestation, and a signature counter it keeps.
 */

type Cbor = number | string | Uint8Array | CborMap | CborRecord;
interface CborMap extends Map<Cbor, Cbor> {}
interface CborRecord {
  [key: string]: Cbor;
}

function head(major: number, length: number): Buffer {
  if (length < 24) return Buffer.from([(major << 5) | length]);
  if (length < 256) return Buffer.from([(major << 5) | 24, length]);
  const out = Buffer.alloc(3);
  out[0] = (major << 5) | 25;
  out.writeUInt16BE(length, 1);
  return out;
}

/** The few CBOR shapes WebAuthn needs: small integers, text, bytes and maps. */
function cbor(value: Cbor): Buffer {
  if (typeof value === 'number') return value >= 0 ? head(0, value) : head(1, -1 - value);
  if (typeof value === 'string') {
    const text = Buffer.from(value, 'utf8');
    return Buffer.concat([head(3, text.length), text]);
  }
  if (value instanceof Uint8Array) return Buffer.concat([head(2, value.length), value]);
  const entries = value instanceof Map ? [...value.entries()] : Object.entries(value);
  return Buffer.concat([head(5, entries.length), ...entries.flatMap(([k, v]) => [cbor(k), cbor(v)])]);
}

const b64url = (bytes: Uint8Array) => Buffer.from(bytes).toString('base64url');
const sha256 = (data: Uint8Array | string) => createHash('sha256').update(data).digest();

export interface SoftPasskey {
  credentialId: Buffer;
  privateKey: KeyObject;
  counter: number;
  rpId: string;
}

export function newSoftPasskey(rpId: string): SoftPasskey {
  const { privateKey } = generateKeyPairSync('ec', { namedCurve: 'P-256' });
  return { credentialId: randomBytes(16), privateKey, counter: 0, rpId };
}

function cosePublicKey(key: SoftPasskey): Buffer {
  const jwk = key.privateKey.export({ format: 'jwk' });
  const x = Buffer.from(jwk.x ?? '', 'base64url');
  const y = Buffer.from(jwk.y ?? '', 'base64url');
  // kty EC2, alg ES256, crv P-256, x, y
  return cbor(
    new Map<Cbor, Cbor>([
      [1, 2],
      [3, -7],
      [-1, 1],
      [-2, x],
      [-3, y],
    ]),
  );
}

function authenticatorData(key: SoftPasskey, flags: number, attested?: Buffer): Buffer {
  const counter = Buffer.alloc(4);
  counter.writeUInt32BE(key.counter);
  return Buffer.concat([sha256(key.rpId), Buffer.from([flags]), counter, ...(attested ? [attested] : [])]);
}

function clientData(type: string, challenge: string, origin: string): Buffer {
  return Buffer.from(JSON.stringify({ type, challenge, origin, crossOrigin: false }), 'utf8');
}

/** What `navigator.credentials.create()` gives, as JSON, for these options. */
export function attest(key: SoftPasskey, options: { challenge: string }, origin: string): WebauthnResponse {
  const idLength = Buffer.alloc(2);
  idLength.writeUInt16BE(key.credentialId.length);
  const attested = Buffer.concat([Buffer.alloc(16), idLength, key.credentialId, cosePublicKey(key)]);
  // User present (0x01) and attested credential data (0x40).
  const authData = authenticatorData(key, 0x41, attested);
  const attestationObject = cbor({ fmt: 'none', attStmt: {}, authData });
  const data = clientData('webauthn.create', options.challenge, origin);
  return {
    id: b64url(key.credentialId),
    rawId: b64url(key.credentialId),
    type: 'public-key',
    response: {
      clientDataJSON: b64url(data),
      attestationObject: b64url(attestationObject),
      transports: ['internal'],
    },
    clientExtensionResults: {},
  };
}

/** What `navigator.credentials.get()` gives, as JSON: the counter moves on, the data is signed. */
export function assert(key: SoftPasskey, options: { challenge: string }, origin: string): WebauthnResponse {
  key.counter += 1;
  const authData = authenticatorData(key, 0x01);
  const data = clientData('webauthn.get', options.challenge, origin);
  const signature = sign('sha256', Buffer.concat([authData, sha256(data)]), key.privateKey);
  return {
    id: b64url(key.credentialId),
    rawId: b64url(key.credentialId),
    type: 'public-key',
    response: {
      clientDataJSON: b64url(data),
      authenticatorData: b64url(authData),
      signature: b64url(signature),
    },
    clientExtensionResults: {},
  };
}
