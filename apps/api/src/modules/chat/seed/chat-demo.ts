import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../../db/database.js';
import type { DirectoryUser } from '../../auth/index.js';
import type { ChannelService } from '../service/channel-service.js';
import type { MessageService } from '../service/message-service.js';
import { spreadDemoHistory } from './demo-history.js';

export interface ChatDemoDeps {
  db: Db;
  channels: ChannelService;
  messages: MessageService;
  logger: FastifyBaseLogger;
  directory: { byId(id: number): Promise<DirectoryUser | undefined> };
}

const LINES = [
  'Доброго ранку! Хто сьогодні чергує?',
  'Я чергую до обіду, потім передам Олені.',
  'Good morning! The release notes are in the shared folder.',
  'Дякую, гляну після наради.',
  'Can someone check the push delivery stats from last night?',
  'Перевірила: доставлено 98 %, решта — застарілі токени.',
  'Nice. Let’s clean up the stale tokens this week.',
  'Нагадую: о 15:00 демо нового дашборду.',
  'I will share my screen, please join five minutes early.',
  'Клієнт просить експорт звіту у CSV — це вже можна?',
  'Yes, every list has an export button now.',
  'Чудово, передам йому.',
  'Found a typo in the Ukrainian e-mail template, fixing it.',
  'Дякую! Перевір також шаблон відновлення пароля.',
  'Deploy is done, all health checks are green.',
  'Супер, гарної всім п’ятниці!',
] as const;

const GROUPS = [
  { name: 'Загальний', url: 'general', size: 8, messages: 160 },
  { name: 'Support', url: 'support', size: 5, messages: 90 },
  { name: 'Реліз 2.0', url: 'release-2-0', size: 4, messages: 40 },
] as const;

/** A few channels among the demo users and a few hundred messages in Ukrainian and English. */
export async function seedChatDemo(deps: ChatDemoDeps): Promise<void> {
  const existing = await deps.db.selectFrom('chat_channels').select('id').limit(1).executeTakeFirst();
  if (existing) return;
  const users = (
    await Promise.all(Array.from({ length: 10 }, (_, index) => deps.directory.byId(index + 1)))
  ).filter((user): user is DirectoryUser => user !== undefined && user.status === 1);
  if (users.length < 3) {
    deps.logger.info('Chat demo skipped: fewer than three active demo users');
    return;
  }
  let line = 0;
  const say = async (channelId: number, members: DirectoryUser[], count: number) => {
    for (let index = 0; index < count; index += 1) {
      const sender = members[index % members.length] as DirectoryUser;
      await deps.messages.post(channelId, sender.uid, LINES[line % LINES.length] as string, undefined);
      line += 1;
    }
  };
  for (const group of GROUPS) {
    const members = users.slice(0, group.size);
    const [creator, ...others] = members as [DirectoryUser, ...DirectoryUser[]];
    const { channel } = await deps.channels.create(creator.uid, {
      type: 'group',
      name: group.name,
      url: group.url,
      member_uids: others.map((user) => user.uid),
    });
    if (others[0]) await deps.channels.setRole(channel.id, creator.uid, others[0].uid, 'moderator');
    await say(channel.id, members, group.messages);
  }
  for (const [a, b] of [
    [0, 1],
    [0, 2],
  ] as const) {
    const first = users[a] as DirectoryUser;
    const second = users[b] as DirectoryUser;
    const { channel } = await deps.channels.create(first.uid, { type: 'direct', peer_id: second.uid });
    await say(channel.id, [first, second], 20);
  }
  await spreadDemoHistory(deps.db);
  deps.logger.info('Chat demo channels and messages added');
}
