/** Server texts of the chat service (message keys; see `../messages.ts`). */
export const en = {
  uidInvalid: 'A user uid (UUID) is expected',
  channelUrlInvalid:
    'Use 3–64 lower-case letters, digits and dashes, starting and ending with a letter or a digit',
  channelTypeInvalid: 'The type must be group or direct',
  channelUrlTaken: 'This address is already taken',
  messageTooLong: 'A message is 4,000 characters at most',
  clientIdInvalid: 'Use 1–64 letters, digits, dashes and underscores',
  peerNotFound: 'No active platform user has this uid',
  peerIsSelf: 'A direct channel needs another user',
  memberNotFound: 'No active platform user has this uid',
  alreadyMember: 'This user is already a member of the channel',
  notMember: 'This user is not a member of the channel',
  notChannelMember: 'Only members of this channel may read or write it',
  channelAdminOnly: 'Only an admin of this channel may do this',
  messageDeleteForbidden:
    'Only the sender, a moderator or an admin of the channel may delete a message for everyone',
  lastChannelAdmin: 'The channel’s last admin must name another member as admin first',
  successorNotMember: 'The new admin must be a member of the channel',
  directChannelFixed: 'A direct channel’s members and roles cannot change',
  channelDeleteConfirm:
    'The channel holds {messages} messages and {members} members. Confirm deleting it with them.',
} as const;
