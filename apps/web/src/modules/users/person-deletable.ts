import { STATUS, type User } from '@pult/contract';

/**
 * Whether a list row offers Delete. Deleting marks a person deleted (status 10) and keeps the row,
 * so a deleted one has nothing left to delete; and the signed-in administrator's own account is
 * not offered, as the server refuses it (`selfUid` is theirs, unknown while the profile loads).
 */
export function isPersonDeletable(person: Pick<User, 'uid' | 'status'>, selfUid?: string): boolean {
  return person.status !== STATUS.deleted && person.uid !== selfUid;
}
