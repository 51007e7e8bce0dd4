import { type DashboardCardSource, dailyCard } from '../../../dashboard/dashboard-card.js';
import { lastDays } from '../../../dashboard/rollups.js';
import type { Db } from '../../../db/database.js';
import type { Clock } from '../../../lib/clock.js';
import { chatMessagesPerDay } from '../daily-counts.js';

/**
 * Chat messages per day, from the counters each post keeps (`chat_daily_counts`). There is no list of
 * messages across channels, so a day opens the channels whose latest message was that day.
 */
export function createChatDashboard(db: Db, clock: Clock): DashboardCardSource[] {
  return [
    {
      id: 'chat.messagesPerDay',
      resource: 'chat.channels',
      service: 'chat',
      kind: 'daily',
      async load() {
        const days = lastDays(clock());
        const counts = new Map(
          (await chatMessagesPerDay(db, days[0]!, days[days.length - 1]!)).map((row) => [
            row.day,
            row.messages,
          ]),
        );
        return dailyCard('chat.messagesPerDay', days, [
          {
            key: 'messages',
            values: days.map((day) => counts.get(day) ?? 0),
            link: '/chat/channels?filter[last_message_at]={day}',
          },
        ]);
      },
    },
  ];
}
