import { exportJWK, generateKeyPair, importJWK, type JWK, type JWTPayload, jwtVerify, SignJWT } from 'jose';
import { withAdvisoryLock } from '../../db/advisory-lock.js';
import type { Db, Executor } from '../../db/database.js';
import type { SecretBox } from '../../lib/secret-box.js';
import { createVerifiedTokens } from './verified-tokens.js';

const ALGORITHM = 'EdDSA';
const TOKEN_TYPE = 'at+jwt';
/** About one token per signed-in tab; more than this many and the oldest are checked again. */
const VERIFIED_TOKENS = 10_000;
export const ACCESS_TOKEN_AUDIENCE = 'pult';

export interface AccessClaims extends JWTPayload {
  sub: string;
  sid: string;
  kind: 'admin' | 'user';
}

type KeyLike = Awaited<ReturnType<typeof importJWK>>;

/**
 * The access-token signing key: an Ed25519 pair made on first start and kept in the database, so
 * every process signs with it and its public half is published as JWKS for other services. The
 * private half is sealed with the secret key, so a database dump alone cannot mint tokens. A token
 * naming a key this process has not seen makes it read the published keys again, so a key another
 * process published later (a rotation) is honoured without a restart.
 */
export async function loadSigningKeys(db: Db, issuer: string, secretBox: SecretBox) {
  let rows = await ensureKey(db, secretBox);
  const current = rows[0]!;
  const privateKey = await importJWK(unsealJwk(current.private_jwk_sealed, secretBox), ALGORITHM);
  let publicKeys = await importPublicKeys(rows);
  let reloading: Promise<void> | undefined;
  const verified = createVerifiedTokens(VERIFIED_TOKENS);

  /** One read for every request that named an unknown key at the same moment. */
  function reload(): Promise<void> {
    reloading ??= (async () => {
      try {
        rows = await readKeys(db);
        publicKeys = await importPublicKeys(rows);
      } finally {
        reloading = undefined;
      }
    })();
    return reloading;
  }

  async function publicKey(kid: string | undefined): Promise<KeyLike> {
    if (!kid) throw new Error('No key id');
    if (!publicKeys.has(kid)) await reload();
    const key = publicKeys.get(kid);
    if (!key) throw new Error('Unknown signing key');
    return key;
  }

  async function sign(claims: AccessClaims, issuedAt: number, expiresAt: number): Promise<string> {
    return new SignJWT({ sid: claims.sid, kind: claims.kind })
      .setProtectedHeader({ alg: ALGORITHM, kid: current.kid, typ: TOKEN_TYPE })
      .setSubject(claims.sub)
      .setIssuer(issuer)
      .setAudience(ACCESS_TOKEN_AUDIENCE)
      .setIssuedAt(issuedAt)
      .setExpirationTime(expiresAt)
      .setJti(crypto.randomUUID())
      .sign(privateKey);
  }

  /** Throws for anything but an unexpired access token signed by one of our keys. */
  async function verify(token: string, now: Date): Promise<AccessClaims> {
    const known = verified.get(token, now);
    if (known) return known;
    const { payload } = await jwtVerify(token, (header) => publicKey(header.kid), {
      algorithms: [ALGORITHM],
      issuer,
      audience: ACCESS_TOKEN_AUDIENCE,
      typ: TOKEN_TYPE,
      currentDate: now,
    });
    if (typeof payload.sub !== 'string' || typeof payload.sid !== 'string')
      throw new Error('Incomplete claims');
    if (payload.kind !== 'admin' && payload.kind !== 'user') throw new Error('Unknown subject kind');
    verified.remember(token, payload as AccessClaims);
    return payload as AccessClaims;
  }

  function jwks(): { keys: Record<string, unknown>[] } {
    return { keys: rows.map((row) => ({ ...row.public_jwk, kid: row.kid, alg: ALGORITHM, use: 'sig' })) };
  }

  return { sign, verify, jwks };
}

export type SigningKeys = Awaited<ReturnType<typeof loadSigningKeys>>;

function unsealJwk(sealed: string, secretBox: SecretBox): JWK {
  try {
    return JSON.parse(secretBox.open(sealed)) as JWK;
  } catch {
    throw new Error('Cannot open the token signing key: SECRET_KEY differs from the one it was sealed with');
  }
}

/** Newest first: the first signs, all verify. */
function readKeys(executor: Executor) {
  return executor
    .selectFrom('signing_keys')
    .selectAll()
    .orderBy('created_at', 'desc')
    .orderBy('kid')
    .execute();
}

async function importPublicKeys(rows: Awaited<ReturnType<typeof readKeys>>): Promise<Map<string, KeyLike>> {
  const keys = new Map<string, KeyLike>();
  for (const row of rows) keys.set(row.kid, await importJWK(row.public_jwk as JWK, ALGORITHM));
  return keys;
}

/**
 * The stored keys, after making the first one on an empty database. Processes starting together all
 * find none; under the lock only the first makes one, and the others read it.
 */
async function ensureKey(db: Db, secretBox: SecretBox) {
  const existing = await readKeys(db);
  if (existing.length > 0) return existing;
  const { privateKey, publicKey } = await generateKeyPair(ALGORITHM, { crv: 'Ed25519', extractable: true });
  const row = {
    kid: crypto.randomUUID(),
    algorithm: ALGORITHM,
    private_jwk_sealed: secretBox.seal(JSON.stringify(await exportJWK(privateKey))),
    public_jwk: JSON.stringify(await exportJWK(publicKey)),
  };
  return withAdvisoryLock(db, 'auth:signing-key', async (trx) => {
    if ((await readKeys(trx)).length === 0) await trx.insertInto('signing_keys').values(row).execute();
    return readKeys(trx);
  });
}
