import type { RouteObject } from 'react-router';
import { lazyWithRetry } from '../../app/lazy-with-retry';

const ChatUsersPage = lazyWithRetry(() => import('./users/chat-users-page'));
const ChannelsPage = lazyWithRetry(() => import('./channels/channels-page'));
const ChannelViewPage = lazyWithRetry(() => import('./channels/channel-view-page'));

/** Chat module (spec §2). The channel view carries no path parameter; the channel comes as `?id=`. */
export const chatRoutes: RouteObject[] = [
  { path: 'chat/users', element: <ChatUsersPage /> },
  { path: 'chat/channels', element: <ChannelsPage /> },
  { path: 'chat/channels/view', element: <ChannelViewPage /> },
];
