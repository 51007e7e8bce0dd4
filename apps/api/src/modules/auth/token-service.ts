import { createHmac } from 'node:crypto';
import { REFRESH_GRACE_SECONDS, STATUS, type TokenPair } from '@pult/contract';
import { type RawBuilder, sql } from 'kysely';
import { setActor } from '../../db/actor-context.js';
import type { Db, Executor } from '../../db/database.js';
import { prepared } from '../../db/prepared-statements.js';
import { errors } from '../../http/app-error.js';
import { addSeconds, type Clock, toEpochSeconds } from '../../lib/clock.js';
import { randomToken, sha256 } from '../../lib/tokens.js';
import { metrics } from '../../metrics/metrics.js';
import type { AccessClaims, SigningKeys } from './signing-keys.js';

export type SubjectKind = 'admin' | 'user';

const SUBJECT_TABLES = { admin: 'admins', user: 'users' } as const satisfies Record<SubjectKind, string>;

/** True for an active account; a locked, banned or deleted one has no working tokens from that moment. */
function activeSubject(kind: SubjectKind, id: RawBuilder<unknown>): RawBuilder<boolean> {
  return sql<boolean>`exists (select 1 from ${sql.table(SUBJECT_TABLES[kind])} as subject
    where subject.id = ${id} and subject.status = ${STATUS.active})`;
}

export interface TokenLifetimes {
  accessTokenTtl: number;
  refreshTokenTtl: number;
  sessionMaxAge: number;
}

export interface ClientMeta {
  ip: string | null;
  userAgent: string | null;
}

/**
 * Sessions and tokens. One sign-in is one `auth_sessions` row (a token family) with an absolute end;
 * its refresh tokens are opaque, stored hashed and rotated on every use, and the family has exactly
 * one current (unrotated) token at every moment. Presenting a rotated token again means it leaked, so
 * the family is revoked; the one exception is the token rotated just before the current one, for
 * REFRESH_GRACE_SECONDS, because two tabs renew at the same moment: it gets the current token back.
 * That works because a successor is derived from its predecessor (an HMAC under a key derived from
 * SECRET_KEY), so the current token can be handed out again although only its hash is stored.
 */
export function createTokenService(deps: {
  db: Db;
  keys: SigningKeys;
  clock: Clock;
  lifetimes: TokenLifetimes;
  /** Key of the successor derivation; the same in every process sharing the database. */
  successorKey: Buffer;
}) {
  const { db, keys, clock, lifetimes, successorKey } = deps;

  const successorOf = (refreshToken: string) =>
    createHmac('sha256', successorKey).update(refreshToken).digest('base64url');

  /** A new sign-in; `secondFactor` names the factor it passed (null: the password alone). */
  async function startSession(
    kind: SubjectKind,
    subjectId: number,
    meta: ClientMeta,
    secondFactor: string | null = null,
  ): Promise<TokenPair> {
    const now = clock();
    return db.transaction().execute(async (trx) => {
      const session = await trx
        .insertInto('auth_sessions')
        .values({
          subject_kind: kind,
          subject_id: subjectId,
          expires_at: addSeconds(now, lifetimes.sessionMaxAge),
          ip: meta.ip,
          user_agent: meta.userAgent?.slice(0, 512) ?? null,
          second_factor: secondFactor,
          factor_confirmed_at: kind === 'admin' ? now : null,
          created_at: now,
        })
        .returning(['id', 'expires_at'])
        .executeTakeFirstOrThrow();
      const ref = { id: session.id, expiresAt: session.expires_at, kind, subjectId };
      return (await storeRefreshToken(trx, ref, randomToken(), now)).pair;
    });
  }

  async function rotate(refreshToken: string, expectedKind: SubjectKind): Promise<TokenPair> {
    const now = clock();
    const tokenHash = sha256(refreshToken);
    const outcome = await db.transaction().execute(async (trx) => {
      // The family's session row is locked before the token is read: every rotation of one sign-in
      // waits here, and the read below then sees what the one before it committed.
      const session = await trx
        .selectFrom('auth_sessions')
        .select(['id', 'subject_kind', 'subject_id', 'expires_at', 'revoked_at'])
        .where('id', '=', (eb) =>
          eb.selectFrom('refresh_tokens').select('session_id').where('token_hash', '=', tokenHash),
        )
        .forUpdate()
        .executeTakeFirst();
      if (!session || session.subject_kind !== expectedKind || session.revoked_at) return null;
      if (session.expires_at <= now) return null;
      // Asked on the transaction: the embedded database has one connection, and this holds it.
      const { rows } = await sql<{ active: boolean }>`select ${activeSubject(
        session.subject_kind,
        sql`${session.subject_id}::bigint`,
      )} as active`.execute(trx);
      if (!rows[0]?.active) return null;
      const ref: SessionRef = {
        id: session.id,
        expiresAt: session.expires_at,
        kind: session.subject_kind,
        subjectId: session.subject_id,
      };
      const token = await trx
        .selectFrom('refresh_tokens')
        .select(['id', 'expires_at', 'rotated_at', 'replaced_by'])
        .where('token_hash', '=', tokenHash)
        .executeTakeFirstOrThrow();

      if (!token.rotated_at) {
        if (token.expires_at <= now) return null;
        const next = await storeRefreshToken(trx, ref, successorOf(refreshToken), now);
        await trx
          .updateTable('refresh_tokens')
          .set({ rotated_at: now, replaced_by: next.refreshTokenId })
          .where('id', '=', token.id)
          .execute();
        return next.pair;
      }
      const head = await trx
        .selectFrom('refresh_tokens')
        .select(['id', 'token_hash', 'expires_at'])
        .where('session_id', '=', session.id)
        .where('rotated_at', 'is', null)
        .executeTakeFirst();
      const withinGrace = now.getTime() - token.rotated_at.getTime() <= REFRESH_GRACE_SECONDS * 1000;
      if (head && token.replaced_by === head.id && withinGrace) {
        const current = successorOf(refreshToken);
        // A mismatch means SECRET_KEY changed since the rotation: not a replay, but not renewable.
        if (sha256(current) !== head.token_hash || head.expires_at <= now) return null;
        return tokenPair(ref, current, head.expires_at, now);
      }
      await revokeSession(trx, session.id, 'refresh token reuse', now);
      return 'reused' as const;
    });
    metrics.refresh(outcome === null ? 'invalid' : outcome === 'reused' ? 'reused' : 'rotated');
    if (outcome === null || outcome === 'reused') throw errors.unauthorized('invalidRefreshToken');
    return outcome;
  }

  async function storeRefreshToken(
    trx: Executor,
    session: SessionRef,
    refreshToken: string,
    now: Date,
  ): Promise<{ pair: TokenPair; refreshTokenId: number }> {
    const refreshExpiresAt = minDate(addSeconds(now, lifetimes.refreshTokenTtl), session.expiresAt);
    const inserted = await trx
      .insertInto('refresh_tokens')
      .values({
        session_id: session.id,
        token_hash: sha256(refreshToken),
        expires_at: refreshExpiresAt,
        created_at: now,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    return {
      pair: await tokenPair(session, refreshToken, refreshExpiresAt, now),
      refreshTokenId: inserted.id,
    };
  }

  /** The answer to a sign-in or renewal: a fresh access token beside the given refresh token. */
  async function tokenPair(
    session: SessionRef,
    refreshToken: string,
    refreshExpiresAt: Date,
    now: Date,
  ): Promise<TokenPair> {
    const issuedAt = toEpochSeconds(now);
    const expiresAt = Math.min(issuedAt + lifetimes.accessTokenTtl, toEpochSeconds(session.expiresAt));
    const accessToken = await keys.sign(
      { sub: String(session.subjectId), sid: session.id, kind: session.kind },
      issuedAt,
      expiresAt,
    );
    return {
      access_token: accessToken,
      expires_at: expiresAt,
      refresh_token: refreshToken,
      refresh_expired_at: toEpochSeconds(refreshExpiresAt),
    };
  }

  /**
   * Logout: ends the sign-in the refresh token belongs to, and says whose it was. Unknown tokens are
   * ignored (undefined).
   */
  async function revokeByRefreshToken(
    refreshToken: string,
    expectedKind: SubjectKind,
  ): Promise<number | undefined> {
    const token = await db
      .selectFrom('refresh_tokens')
      .innerJoin('auth_sessions', 'auth_sessions.id', 'refresh_tokens.session_id')
      .select(['auth_sessions.id', 'auth_sessions.subject_kind', 'auth_sessions.subject_id'])
      .where('refresh_tokens.token_hash', '=', sha256(refreshToken))
      .executeTakeFirst();
    if (!token || token.subject_kind !== expectedKind) return undefined;
    await revokeSession(db, token.id, 'logout', clock());
    return Number(token.subject_id);
  }

  /** Ends every sign-in of one subject (password change) or of every subject of a kind. */
  async function revokeAll(
    executor: Executor,
    kind: SubjectKind,
    /** One person, several (a bulk action), or everyone of the kind (null). */
    subjectId: number | readonly number[] | null,
    reason: string,
  ): Promise<number> {
    let query = executor
      .updateTable('auth_sessions')
      .set({ revoked_at: clock(), revoked_reason: reason })
      .where('subject_kind', '=', kind)
      .where('revoked_at', 'is', null);
    if (typeof subjectId === 'number') query = query.where('subject_id', '=', subjectId);
    else if (subjectId !== null) {
      if (subjectId.length === 0) return 0;
      query = query.where('subject_id', 'in', subjectId);
    }
    const result = await query.executeTakeFirst();
    return Number(result.numUpdatedRows);
  }

  /** 401 unless the token is a valid access token of a live session. */
  async function verifiedClaims(accessToken: string, now: Date): Promise<AccessClaims> {
    try {
      return await keys.verify(accessToken, now);
    } catch {
      throw errors.unauthorized('invalidToken');
    }
  }

  async function authenticate(accessToken: string, expectedKind: SubjectKind): Promise<AccessClaims> {
    const claims = await verifiedClaims(accessToken, clock());
    if (claims.kind !== expectedKind) throw errors.unauthorized('invalidToken');
    if (!(await isAccessLive(claims))) throw errors.unauthorized('invalidToken');
    return claims;
  }

  /**
   * An administrator's token, checked as `authenticate` does, with what access control needs in the
   * same statement: the admin's groups as they are now and the access version. So a change of
   * membership or of a group's grants applies from the next request, on every process.
   */
  async function authenticateAdmin(accessToken: string): Promise<AdminAccess> {
    const now = clock();
    const claims = await verifiedClaims(accessToken, now);
    const adminId = Number(claims.sub);
    if (claims.kind !== 'admin' || !Number.isSafeInteger(adminId)) throw errors.unauthorized('invalidToken');
    // The signature names the administrator already: the check below then runs on a connection that
    // speaks for them, as the request's own statements will, instead of switching the connection's
    // `pult.actor` to none and back (two round trips of five on a list request). The setting only
    // attributes writes, and a request whose session turns out dead here writes nothing after it.
    setActor(adminId);
    const { rows } = await prepared(sql<{
      groups: string[];
      version: string | number;
      second_factor: string | null;
      factor_confirmed_at: Date | null;
    }>`select a.groups, v.version, s.second_factor, s.factor_confirmed_at
      from auth_sessions s join admins a on a.id = s.subject_id cross join admin_access_version v
      where s.id = ${claims.sid}::uuid and s.subject_kind = 'admin' and s.subject_id = ${adminId}::bigint
        and s.revoked_at is null and s.expires_at > ${now} and a.status = ${STATUS.active}`).execute(db);
    const row = rows[0];
    if (!row) throw errors.unauthorized('invalidToken');
    return {
      claims,
      adminId,
      groups: row.groups,
      accessVersion: Number(row.version),
      secondFactor: row.second_factor,
      factorConfirmedAt: row.factor_confirmed_at === null ? null : new Date(row.factor_confirmed_at),
    };
  }

  /**
   * Every authenticated request asks this, so it is one statement: the sign-in is neither revoked nor
   * past its end, and its subject is active.
   */
  async function isAccessLive(claims: AccessClaims): Promise<boolean> {
    const subjectId = Number(claims.sub);
    if (!Number.isSafeInteger(subjectId)) return false;
    const { rows } = await prepared(sql<{ id: string }>`select s.id from auth_sessions s
      where s.id = ${claims.sid}::uuid and s.subject_kind = ${claims.kind} and s.subject_id = ${subjectId}::bigint
        and s.revoked_at is null and s.expires_at > ${clock()}
        and ${activeSubject(claims.kind, sql`s.subject_id`)}`).execute(db);
    return rows.length > 0;
  }

  /** True while the sign-in is neither revoked nor past its absolute end. */
  async function isSessionLive(sessionId: string): Promise<boolean> {
    const row = await db
      .selectFrom('auth_sessions')
      .select('id')
      .where('id', '=', sessionId)
      .where('revoked_at', 'is', null)
      .where('expires_at', '>', clock())
      .executeTakeFirst();
    return row !== undefined;
  }

  /**
   * Forgets sign-ins that ended more than a day ago, with their refresh tokens. Until then a replayed
   * token of theirs is still recognised as such.
   */
  async function pruneEnded(): Promise<void> {
    const cutoff = addSeconds(clock(), -24 * 3600);
    await db
      .deleteFrom('auth_sessions')
      .where((eb) => eb.or([eb('expires_at', '<', cutoff), eb('revoked_at', '<', cutoff)]))
      .execute();
  }

  return {
    startSession,
    rotate,
    revokeByRefreshToken,
    revokeAll,
    authenticate,
    authenticateAdmin,
    isSessionLive,
    pruneEnded,
  };
}

export type TokenService = ReturnType<typeof createTokenService>;

/** A live administrator's token, with their groups and the access version read with the session. */
export interface AdminAccess {
  claims: AccessClaims;
  adminId: number;
  groups: string[];
  accessVersion: number;
  /** The factor this sign-in passed, or null for the password alone. */
  secondFactor: string | null;
  /** When the sign-in last proved a factor (or the password), for step-up. */
  factorConfirmedAt: Date | null;
}

interface SessionRef {
  id: string;
  expiresAt: Date;
  kind: SubjectKind;
  subjectId: number;
}

async function revokeSession(
  executor: Executor,
  sessionId: string,
  reason: string,
  now: Date,
): Promise<void> {
  await executor
    .updateTable('auth_sessions')
    .set({ revoked_at: now, revoked_reason: reason })
    .where('id', '=', sessionId)
    .where('revoked_at', 'is', null)
    .execute();
}

function minDate(a: Date, b: Date): Date {
  return a.getTime() <= b.getTime() ? a : b;
}
