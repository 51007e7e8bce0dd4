import { type Actor, type Decision, decide, type Grant, SUPERADMIN_GROUP } from '@pult/contract';

/**
 * One administrator's grants, compiled once per (groups, access version) and shared by every request
 * of every administrator with the same groups: a decision is worked out on first use and kept.
 */
export class PermissionSet {
  private readonly decisions = new Map<string, Decision>();

  constructor(
    readonly grants: readonly Grant[],
    readonly groups: readonly string[],
    /** A group requires a second factor: without one, the admin may only enrol it. */
    readonly mfaRequired = false,
  ) {}

  get superadmin(): boolean {
    return this.groups.includes(SUPERADMIN_GROUP);
  }

  decide(resource: string, action: string): Decision {
    const key = `${resource} ${action}`;
    let decision = this.decisions.get(key);
    if (!decision) {
      decision = decide(this.grants, resource, action);
      this.decisions.set(key, decision);
    }
    return decision;
  }

  can(resource: string, action: string): boolean {
    return this.decide(resource, action).allowed;
  }
}

/** The administrator behind a request, as the auth service vouches for them on every request. */
export interface AdminIdentity {
  adminId: number;
  sessionId: string;
  groups: string[];
  /** Bumped by any change to any group's grants, in the changing transaction. */
  accessVersion: number;
  /** The factor this sign-in passed, or null for the password alone. */
  secondFactor: string | null;
  /** When this sign-in last proved a factor (or the password, for an admin without one). */
  factorConfirmedAt: Date | null;
}

export function actorOf(identity: AdminIdentity): Actor {
  return { id: identity.adminId, groups: identity.groups };
}

/** What a set of groups gives: their grants, and whether any of them requires a second factor. */
export interface GroupPolicy {
  grants: Grant[];
  mfaRequired: boolean;
}

/** Where the grants of a set of groups come from (the auth module's groups table). */
export type GrantLoader = (groups: readonly string[]) => Promise<GroupPolicy>;

/**
 * Compiled permission sets by groups, for the current access version only: a newer version (a group
 * changed on any process) empties the cache, so a change applies from the next request on. Loading
 * happens after the version was read, so a set is never older than the version it is kept under.
 */
export function createPermissionCache(load: GrantLoader, capacity = 1_000) {
  let version = -1;
  const sets = new Map<string, Promise<PermissionSet>>();

  return async function permissionsOf(identity: AdminIdentity): Promise<PermissionSet> {
    if (identity.accessVersion > version) {
      version = identity.accessVersion;
      sets.clear();
    }
    const groups = [...new Set(identity.groups)].sort();
    const key = groups.join('\n');
    let set = sets.get(key);
    if (!set) {
      if (sets.size >= capacity) sets.clear();
      set = load(groups).then((policy) => new PermissionSet(policy.grants, groups, policy.mfaRequired));
      // A failed load is not kept: the next request tries again.
      set.catch(() => sets.delete(key));
      sets.set(key, set);
    }
    return set;
  };
}
