import type { Profile, ProfileBasic, ProfileUpdate } from '@pult/contract';
import type { Db, Executor } from '../../db/database.js';
import { recordVersions, type VersionCheck } from '../../resources/record-version.js';
import { writeInScope } from '../../resources/scoped-write.js';
import type { AdminRow } from './tables.js';

/** An administrator's own row: the profile's version is its `xmin` (docs/architecture.md, "Record versions"). */
const ADMIN_ROW = { table: 'admins', alias: 'admins', key: 'id', columns: {} } as const;

export function createAdminRepository(db: Db) {
  return {
    /** The versions of administrators' rows, for the profile's `ETag` and its 412's current record. */
    versions: recordVersions(db, ADMIN_ROW),

    findByEmail(email: string): Promise<AdminRow | undefined> {
      return db
        .selectFrom('admins')
        .selectAll()
        .where((eb) => eb(eb.fn('lower', ['email']), '=', email.toLowerCase()))
        .executeTakeFirst();
    },

    findById(id: number): Promise<AdminRow | undefined> {
      return db.selectFrom('admins').selectAll().where('id', '=', id).executeTakeFirst();
    },

    async count(executor: Executor = db): Promise<number> {
      const row = await executor
        .selectFrom('admins')
        .select((eb) => eb.fn.countAll<number>().as('count'))
        .executeTakeFirstOrThrow();
      return Number(row.count);
    },

    async create(
      admin: {
        email: string;
        passwordHash: string;
        firstName: string;
        lastName: string;
        groups: string[];
      },
      executor: Executor = db,
    ) {
      return executor
        .insertInto('admins')
        .values({
          email: admin.email,
          password_hash: admin.passwordHash,
          first_name: admin.firstName,
          last_name: admin.lastName,
          groups: admin.groups,
        })
        .returningAll()
        .executeTakeFirstOrThrow();
    },

    /**
     * Saves the profile, at the version `version` names when it names one (else `VersionConflict`),
     * and tells the row's version after the write through it.
     */
    async updateProfile(
      id: number,
      update: ProfileUpdate,
      now: Date,
      version?: VersionCheck,
    ): Promise<AdminRow | undefined> {
      return writeInScope(db, ADMIN_ROW, id, version ? { version } : undefined, (executor) =>
        executor
          .updateTable('admins')
          .set({
            first_name: update.first_name,
            last_name: update.last_name,
            ...(update.username !== undefined ? { username: emptyToNull(update.username) } : {}),
            ...(update.phone !== undefined ? { phone: emptyToNull(update.phone) } : {}),
            ...(update.photo !== undefined ? { photo: emptyToNull(update.photo) } : {}),
            ...(update.about_me !== undefined ? { about_me: emptyToNull(update.about_me) } : {}),
            updated_at: now,
          })
          .where('id', '=', id)
          .returningAll()
          .executeTakeFirst(),
      );
    },
  };
}

export type AdminRepository = ReturnType<typeof createAdminRepository>;

export function toProfileBasic(admin: AdminRow): ProfileBasic {
  return { photo: admin.photo, first_name: admin.first_name, last_name: admin.last_name, email: admin.email };
}

/** The password hash never leaves this module. */
export function toProfile(admin: AdminRow): Profile {
  return {
    ...toProfileBasic(admin),
    uid: admin.uid,
    username: admin.username,
    phone: admin.phone,
    groups: admin.groups,
    language: admin.language,
    gender: admin.gender,
    birthday: admin.birthday,
    about_me: admin.about_me,
    created_at: admin.created_at.toISOString(),
  };
}

function emptyToNull(value: string | null): string | null {
  return value === null || value === '' ? null : value;
}
