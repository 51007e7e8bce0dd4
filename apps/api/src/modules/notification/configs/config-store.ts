import type { Db } from '../../../db/database.js';
import type { Clock } from '../../../lib/clock.js';
import type { SecretBox } from '../../../lib/secret-box.js';
import { createConfigHandlers } from './config-handlers.js';
import { pushKind, smsKind, smtpKind } from './config-kinds.js';

/** The three kinds of configuration, each with its handlers and its resolver of secrets. */
export function createConfigStore(db: Db, clock: Clock, box: SecretBox) {
  return {
    smtp: { kind: smtpKind, ...createConfigHandlers(db, clock, box, smtpKind) },
    sms: { kind: smsKind, ...createConfigHandlers(db, clock, box, smsKind) },
    push: { kind: pushKind, ...createConfigHandlers(db, clock, box, pushKind) },
  };
}

export type ConfigStore = ReturnType<typeof createConfigStore>;
