import { coversEveryRecord, type LiveChange } from '@pult/contract';
import type { PermissionSet } from '../access/permission-set.js';
import type { FeedEvent } from './change-feed.js';

/** Who reads a stream: their id and what their groups grant, as when the stream opened. */
export interface Reader {
  adminId: number;
  permissions: PermissionSet;
}

/**
 * What of a batch of changes a reader may see. A change to a resource they may not list is left out.
 * Where their list grant reaches only some rows (a condition, a row deny), the event cannot say
 * whether this row is one of them without reading it, so it names no row: one `many` per resource
 * and batch tells the panel to reload, and the list's own query applies the scope. Who made a change
 * is named to those who may list administrators or the audit log (or made it themselves). A reader's
 * own administrator record (their profile) is always theirs to see.
 */
export function visibleChanges(
  events: readonly FeedEvent[],
  reader: Reader,
): Array<{ event: FeedEvent; change: LiveChange }> {
  const { permissions } = reader;
  const seesActors = permissions.can('auth.admins', 'list') || permissions.can('auth.audit', 'list');
  const changes: Array<{ event: FeedEvent; change: LiveChange }> = [];
  const manyGiven = new Set<string>();
  for (const event of events) {
    const decision = permissions.decide(event.resource, 'list');
    // Their own administrator record is the profile they may always read: its page follows it.
    const own = isOwnRecord(event, reader) && event.op !== 'many';
    if (!decision.allowed && !own) continue;
    const at = event.at.toISOString();
    if ((!coversEveryRecord(decision) && !own) || event.op === 'many') {
      if (manyGiven.has(event.resource)) continue;
      manyGiven.add(event.resource);
      changes.push({
        event,
        change: { resource: event.resource, id: null, op: 'many', version: null, actor: null, at },
      });
      continue;
    }
    const named = event.actorId !== null && (seesActors || event.actorId === reader.adminId);
    const actor =
      named && event.actorId !== null
        ? { id: event.actorId, name: event.actorName ?? `#${event.actorId}` }
        : null;
    changes.push({
      event,
      change: {
        resource: event.resource,
        id: event.recordId,
        op: event.op,
        version: event.version,
        actor,
        at,
      },
    });
  }
  return changes;
}

/**
 * A change after which the reader's permissions may differ (a group's grants, their own record's
 * groups or status): the stream ends and the panel reconnects, authorised afresh.
 */
export function changesAccess(event: FeedEvent, reader: Reader): boolean {
  return event.resource === 'auth.groups' || isOwnRecord(event, reader);
}

function isOwnRecord(event: FeedEvent, reader: Reader): boolean {
  return event.resource === 'auth.admins' && event.recordId === String(reader.adminId);
}
