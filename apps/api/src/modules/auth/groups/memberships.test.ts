import { describe, expect, it } from 'vitest';
import { type MembershipRules, membershipFaults } from './memberships.js';

/** Administrator 7 changes groups; `ops` grants what they hold, `admins` something they lack. */
const rules: MembershipRules = {
  actorId: 7,
  exists: (name) => name === 'ops' || name === 'admins',
  notHeld: (name) => (name === 'admins' ? ['auth.admins', 'delete'] : undefined),
};

describe('membershipFaults', () => {
  it('says nothing when the groups are the same set', () => {
    expect(membershipFaults(rules, 7, ['ops', 'nosuch'], ['nosuch', 'ops', 'ops'])).toEqual([]);
  });

  it("refuses one's own groups and says nothing more", () => {
    expect(membershipFaults(rules, 7, [], ['nosuch', 'admins'])).toEqual([{ key: 'cannotChangeOwnGroups' }]);
  });

  it('names every group that does not exist, then every added group granting what the actor lacks', () => {
    expect(membershipFaults(rules, undefined, [], ['admins', 'x', 'ops', 'y'])).toEqual([
      { key: 'groupNotFound', params: { name: 'x' } },
      { key: 'groupNotFound', params: { name: 'y' } },
      { key: 'grantNotHeld', params: { resource: 'auth.admins', action: 'delete' } },
    ]);
  });

  it('lets a group the administrator already had stay, whatever it grants', () => {
    expect(membershipFaults(rules, 3, ['admins'], ['admins', 'ops'])).toEqual([]);
    expect(membershipFaults(rules, 3, ['admins', 'ops'], [])).toEqual([]);
  });
});
