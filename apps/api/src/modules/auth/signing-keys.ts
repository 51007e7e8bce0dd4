import { exportJWK, generateKeyPair, importJWK, type JWK, type JWTPayload, jwtVerify, SignJWT } from 'jose';
import type { Db } from '../../db/database.js';
import type { SecretBox } from '../../lib/secret-box.js';

const ALGORITHM = 'EdDSA';
const TOKEN_TYPE = 'at+jwt';
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
 * private half is sealed with the secret key, so a database dump alone cannot mint tokens.
 */
export async function loadSigningKeys(db: Db, issuer: string, secretBox: SecretBox) {
  const existing = await db.selectFrom('signing_keys').selectAll().orderBy('created_at', 'desc').execute();
  const rows = existing.length > 0 ? existing : [await createKey(db, secretBox)];
  const current = rows[0]!;
  const privateKey = await importJWK(unsealJwk(current.private_jwk_sealed, secretBox), ALGORITHM);
  const publicKeys = new Map<string, KeyLike>();
  for (const row of rows) publicKeys.set(row.kid, await importJWK(row.public_jwk as JWK, ALGORITHM));

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
    const { payload } = await jwtVerify(
      token,
      async (header) => {
        const key = header.kid ? publicKeys.get(header.kid) : undefined;
        if (!key) throw new Error('Unknown signing key');
        return key;
      },
      { algorithms: [ALGORITHM], issuer, audience: ACCESS_TOKEN_AUDIENCE, typ: TOKEN_TYPE, currentDate: now },
    );
    if (typeof payload.sub !== 'string' || typeof payload.sid !== 'string')
      throw new Error('Incomplete claims');
    if (payload.kind !== 'admin' && payload.kind !== 'user') throw new Error('Unknown subject kind');
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

async function createKey(db: Db, secretBox: SecretBox) {
  const { privateKey, publicKey } = await generateKeyPair(ALGORITHM, { crv: 'Ed25519', extractable: true });
  const kid = crypto.randomUUID();
  await db
    .insertInto('signing_keys')
    .values({
      kid,
      algorithm: ALGORITHM,
      private_jwk_sealed: secretBox.seal(JSON.stringify(await exportJWK(privateKey))),
      public_jwk: JSON.stringify(await exportJWK(publicKey)),
    })
    .execute();
  return db.selectFrom('signing_keys').selectAll().where('kid', '=', kid).executeTakeFirstOrThrow();
}
