import type { Db } from '../../../db/database.js';

/** What other services may know of a platform user: enough to address, name and authorise them. */
export interface DirectoryUser {
  id: number;
  uid: string;
  email: string;
  first_name: string;
  last_name: string;
  language: string;
  phone: string | null;
  groups: string[];
  status: number;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** True when the text can be a user's uid; anything else would make PostgreSQL refuse the cast. */
export function isUid(value: string): boolean {
  return UUID.test(value);
}

/** Platform users by id or uid, for the other modules (which never read auth's tables themselves). */
export function createUserDirectory(db: Db) {
  const columns = [
    'id',
    'uid',
    'email',
    'first_name',
    'last_name',
    'language',
    'phone',
    'groups',
    'status',
  ] as const;

  const normalise = (row: DirectoryUser): DirectoryUser => ({ ...row, uid: String(row.uid) });

  return {
    async byId(id: number): Promise<DirectoryUser | undefined> {
      const row = await db.selectFrom('users').select(columns).where('id', '=', id).executeTakeFirst();
      return row && normalise(row);
    },

    async byUid(uid: string): Promise<DirectoryUser | undefined> {
      if (!isUid(uid)) return undefined;
      const row = await db.selectFrom('users').select(columns).where('uid', '=', uid).executeTakeFirst();
      return row && normalise(row);
    },

    /** Several users at once (a page of memberships, say); unknown or malformed uids are left out. */
    async byUids(uids: readonly string[]): Promise<Map<string, DirectoryUser>> {
      const wanted = [...new Set(uids.filter(isUid).map((uid) => uid.toLowerCase()))];
      if (wanted.length === 0) return new Map();
      const rows = await db.selectFrom('users').select(columns).where('uid', 'in', wanted).execute();
      return new Map(rows.map((row) => [String(row.uid), normalise(row)]));
    },
  };
}

export type UserDirectory = ReturnType<typeof createUserDirectory>;
