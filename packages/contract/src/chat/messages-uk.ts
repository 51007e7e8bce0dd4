import type { en } from './messages.js';

/** The Ukrainian texts, a module of their own so an English bundle does not carry them. */
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
