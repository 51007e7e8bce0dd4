import { userForm, usersResource } from '@pult/contract';
import type { Db } from '../../../db/database.js';
import type { ImportTarget } from '../../../resources/import/import-target.js';
import type { TokenService } from '../token-service.js';
import { personImportTarget } from './person-import.js';

/** Platform users from CSV (see `personImportTarget`). */
export function userImportTarget(db: Db, tokens: TokenService): ImportTarget {
  return personImportTarget({ db, tokens, table: 'users', descriptor: usersResource, form: userForm });
}
