/** Server texts of access control (message keys; see `../messages.ts`). */
export const en = {
  accessDenied: 'Access denied: you may not {action} “{resource}”',
  fieldForbidden: 'Access denied: you may not use the field “{field}” here',
  outOfScope: 'Access denied: the record would leave what you may change',
  grantResourceUnknown: 'No such resource',
  grantActionUnknown: 'This resource has no such action',
  grantFieldUnknown: 'This resource has no such field here',
  grantWhereInvalid: 'A condition maps fields to operators: eq, ne, in, gte, lte, null',
  grantOperatorInvalid: 'This operator does not apply to this field',
  grantValueInvalid: 'This value does not fit the field',
  grantFieldsNotApplicable: 'This action takes no field list',
  grantWhereNotApplicable: 'This action takes no condition',
  grantNotHeld: 'You can grant only what you hold yourself: {resource} — {action}',
  groupNameInvalid:
    '2–50 lower-case Latin letters, digits, dashes and underscores, starting with a letter or digit',
  groupNotFound: 'No such group: {name}',
  groupHasMembers: 'The group has members ({count}); remove them from it first',
  groupBuiltin: 'The superadmin group cannot be renamed, reduced or deleted',
  cannotChangeOwnGroups: 'You cannot change your own groups',
  lastSuperadmin: 'This is the last active member of superadmin: someone else must hold it first',
};
