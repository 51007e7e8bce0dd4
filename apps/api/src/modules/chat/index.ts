import fastifyWebsocket from '@fastify/websocket';
import { SERVICE_BASE_PATHS } from '@pult/contract';
import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import type { Db } from '../../db/database.js';
import { createPgListener } from '../../db/pg-listener.js';
import type { Clock } from '../../lib/clock.js';
import type { AuthApi } from '../auth/index.js';
import { chatAdminRoutes } from './admin/admin-routes.js';
import { createChatDashboard } from './dashboard/cards.js';
import { createHub } from './realtime/hub.js';
import { receiveNotification } from './realtime/notifications.js';
import { MAX_FRAME_BYTES, registerChatSocket, sweepSessions } from './realtime/ws-routes.js';
import { chatReport } from './reports/chat-report.js';
import { seedChatDemo } from './seed/chat-demo.js';
import { createChannelService } from './service/channel-service.js';
import { NOTIFY_CHANNEL } from './service/event-log.js';
import { createMessageService } from './service/message-service.js';
import { platformChatRoutes } from './service/platform-routes.js';

export type { DailyMessageCount } from './daily-counts.js';
export { chatMessagesPerDay } from './daily-counts.js';

export interface ChatModuleDeps {
  db: Db;
  clock: Clock;
  auth: AuthApi;
  logger: FastifyBaseLogger;
  /**
   * The PostgreSQL server's URL: events then travel by LISTEN/NOTIFY, so every process's sockets get
   * them. Without it (PGlite, one process) they go straight from the commit to this process's sockets.
   */
  databaseUrl: string | undefined;
  /** How often sockets' sign-ins are checked (revocation, expiry) and peers pinged. */
  sessionCheckMs?: number;
}

/**
 * The chat service: channels, members and messages for platform users (REST and a WebSocket), and
 * their administration. Other modules see only what this returns.
 */
export function createChatModule(deps: ChatModuleDeps) {
  const { db, logger } = deps;
  const viaNotify = deps.databaseUrl !== undefined;
  const hub = createHub(viaNotify);
  const channels = createChannelService(db, hub.sink, deps.auth.directory);
  const messages = createMessageService(db, hub.sink);
  const listener =
    deps.databaseUrl === undefined
      ? undefined
      : createPgListener({
          url: deps.databaseUrl,
          channel: NOTIFY_CHANNEL,
          logger,
          onNotification: (payload) => receiveNotification(hub, payload, logger),
          onReconnect: () => hub.catchUpAll(),
        });
  let sweeper: NodeJS.Timeout | undefined;
  const sweep = () => sweepSessions(hub, deps.auth, deps.clock);

  return {
    channels,
    messages,
    /** Chat's dashboard card: messages per day. */
    dashboard: createChatDashboard(db, deps.clock),
    /** The Chat report. */
    reports: [chatReport(db)],
    /** Closes sockets of ended sign-ins now (the sweep also runs on a timer). */
    sweepSessions: sweep,

    async register(app: FastifyInstance, prefix: string = SERVICE_BASE_PATHS.chat) {
      await listener?.start();
      sweeper = setInterval(
        () => void sweep().catch((err: unknown) => logger.warn({ err }, 'Chat session sweep failed')),
        deps.sessionCheckMs ?? 30_000,
      );
      sweeper.unref();
      app.addHook('onClose', async () => {
        clearInterval(sweeper);
        await listener?.stop();
      });
      await app.register(
        async (scope) => {
          await scope.register(fastifyWebsocket, { options: { maxPayload: MAX_FRAME_BYTES } });
          await scope.register(async (socketScope) =>
            registerChatSocket(socketScope, { db, auth: deps.auth, hub, clock: deps.clock }),
          );
          await scope.register(platformChatRoutes, { auth: deps.auth, channels, messages });
          await scope.register(chatAdminRoutes, { db, auth: deps.auth, sink: hub.sink, channels, messages });
        },
        { prefix },
      );
    },

    /** Demo channels and messages on a fresh database (nothing when channels exist). */
    seedDemo: () => seedChatDemo({ db, channels, messages, logger, directory: deps.auth.directory }),
  };
}

export type ChatModule = ReturnType<typeof createChatModule>;
