import type { LiveTables } from '../live/tables.js';
import type { AuthTables } from '../modules/auth/tables.js';
import type { ChatTables } from '../modules/chat/tables.js';
import type { NotificationTables } from '../modules/notification/tables.js';
import type { StorageTables } from '../modules/storage/tables.js';

/** Every table, as Kysely sees it; each module declares its own. */
export interface Database extends AuthTables, ChatTables, NotificationTables, StorageTables, LiveTables {}
