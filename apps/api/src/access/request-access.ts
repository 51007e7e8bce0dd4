import {
  type Actor,
  coversEveryRecord,
  type Decision,
  filterableFields,
  hasField,
  type KindOf,
} from '@pult/contract';
import type { FastifyRequest } from 'fastify';
import { errors } from '../http/app-error.js';
import type { RequestAccess } from './access-control.js';
import { createMasker, type Masker } from './field-mask.js';

/**
 * What handlers ask of access control. The route's own action was decided before the handler ran;
 * these give its parts to the code that needs them (the rows in scope, the fields to show) and
 * decide further actions a handler takes (a bulk action named in the body, a dashboard card).
 */

export function accessOf(request: FastifyRequest): RequestAccess {
  if (!request.access) throw errors.unauthorized('unauthorized');
  return request.access;
}

/** The signed-in administrator's id, for handlers of routes that need one. */
export function currentAdminId(request: FastifyRequest): number {
  return accessOf(request).identity.adminId;
}

/**
 * A dangerous action whose danger shows only in stored data (a bucket that still holds files): 403
 * `step_up_required` unless the sign-in confirmed a factor recently.
 */
export function requireStepUp(request: FastifyRequest): void {
  accessOf(request).requireStepUp();
}

/** The decision on one more action, or 403 (written to the audit log) when it is not allowed. */
export async function authorize(
  request: FastifyRequest,
  resource: string,
  action: string,
): Promise<Decision> {
  const access = accessOf(request);
  const decision = access.permissions.decide(resource, action);
  if (!decision.allowed) await access.deny(resource, action);
  return decision;
}

/** Whether the administrator may, without refusing anything (what to show, which cards to send). */
export function allows(request: FastifyRequest, resource: string, action: string): boolean {
  return accessOf(request).permissions.can(resource, action);
}

/**
 * The records an action may touch, when a condition limits them: the allowing grants' conditions
 * and the denies', with the administrator's own values. Undefined when every record is in scope.
 */
export interface RowScope {
  decision: Decision;
  actor: Actor;
}

export function rowScopeOf(request: FastifyRequest, decision?: Decision): RowScope | undefined {
  const access = request.access;
  const decided = decision ?? access?.decision;
  if (!access || !decided || coversEveryRecord(decided)) return undefined;
  return { decision: decided, actor: access.actor };
}

/** The kinds of a resource's fields, as conditions compare them. */
export function kindsOf(request: FastifyRequest, resource: string): KindOf {
  return accessOf(request).catalogue.kindOf(resource);
}

/** Removes from records the fields the decision does not reach (a CSV export's rows, say). */
export function maskerOf(request: FastifyRequest, decision: Decision): Masker {
  const access = accessOf(request);
  return createMasker(
    decision,
    access.catalogue.descriptorOf(decision.resource),
    access.actor,
    access.catalogue.kindOf(decision.resource),
  );
}

/**
 * A filter sent in a body (a bulk action on "all matching") reveals values like a list's filter:
 * only fields the administrator's list shows on every record in scope may be used.
 */
export async function assertFilterable(request: FastifyRequest, resource: string, fields: readonly string[]) {
  const access = accessOf(request);
  const decision = access.permissions.decide(resource, 'list');
  const allowed = filterableFields(decision);
  for (const field of fields) {
    if (!access.catalogue.fieldOf(resource, field)) continue;
    if (!decision.allowed || !hasField(allowed, field)) await access.deny(resource, 'list', field);
  }
}
