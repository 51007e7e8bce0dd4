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

export const uk: Record<keyof typeof en, string> = {
  uidInvalid: 'Очікується UID користувача (UUID)',
  channelUrlInvalid:
    'Від 3 до 64 малих латинських літер, цифр і дефісів; на початку й у кінці — літера або цифра',
  channelTypeInvalid: 'Тип має бути group або direct',
  channelUrlTaken: 'Ця адреса вже зайнята',
  messageTooLong: 'Повідомлення — не більше 4000 символів',
  clientIdInvalid: 'Від 1 до 64 латинських літер, цифр, дефісів і підкреслень',
  peerNotFound: 'Немає активного користувача платформи з таким UID',
  peerIsSelf: 'Для особистого каналу потрібен інший користувач',
  memberNotFound: 'Немає активного користувача платформи з таким UID',
  alreadyMember: 'Цей користувач уже є учасником каналу',
  notMember: 'Цей користувач не є учасником каналу',
  notChannelMember: 'Читати й писати в цей канал можуть лише його учасники',
  channelAdminOnly: 'Це може зробити лише адміністратор каналу',
  messageDeleteForbidden:
    'Видалити повідомлення для всіх може лише відправник, модератор або адміністратор каналу',
  lastChannelAdmin: 'Останній адміністратор каналу має спершу призначити адміністратором іншого учасника',
  successorNotMember: 'Новий адміністратор має бути учасником каналу',
  directChannelFixed: 'Учасників і ролі особистого каналу змінити не можна',
  channelDeleteConfirm:
    'У каналі {messages} повідомлень і {members} учасників. Підтвердьте видалення каналу разом із ними.',
};
