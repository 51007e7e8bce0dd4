import {
  type Actor,
  type Decision,
  filterableFields,
  hasField,
  SERVICE_BASE_PATHS,
  type ServiceName,
} from '@pult/contract';
import type { FastifyInstance, FastifyReply, FastifyRequest, RouteOptions } from 'fastify';
import { setActor } from '../db/actor-context.js';
import { errors } from '../http/app-error.js';
import type { Clock } from '../lib/clock.js';
import type { AuditSink } from '../resources/audit-sink.js';
import { CatalogueBuilder } from './catalogue-builder.js';
import { createDenialLog } from './denial-log.js';
import { createMasker } from './field-mask.js';
import {
  type AdminIdentity,
  actorOf,
  createPermissionCache,
  type GrantLoader,
  type PermissionSet,
} from './permission-set.js';
import type { LookupAccess, PermissionAccess, RouteAccess } from './route-access.js';

/** What access control knows about the request's administrator, once the route's check has run. */
export interface RequestAccess {
  identity: AdminIdentity;
  actor: Actor;
  permissions: PermissionSet;
  catalogue: CatalogueBuilder;
  /** The decision on the route's own action (permission routes). */
  decision?: Decision;
  /** Refuses the request with 403 and writes the refusal to the audit log. */
  deny(resource: string, action: string, field?: string): Promise<never>;
  /** A group requires a second factor this sign-in has not passed: only enrolling it is allowed. */
  mfaEnrollmentRequired: boolean;
  /** 403 `step_up_required` unless this sign-in confirmed a factor (or the password) recently. */
  requireStepUp(): void;
}

declare module 'fastify' {
  interface FastifyRequest {
    access?: RequestAccess;
  }
  interface FastifyInstance {
    accessCatalogue: CatalogueBuilder;
  }
}

export interface AccessControlDeps {
  /** 401 unless the request carries a live administrator's access token; sets `request.admin`. */
  authenticate(request: FastifyRequest): Promise<AdminIdentity>;
  loadGrants: GrantLoader;
  /** The audit log, where refusals are written (available once the auth module is registered). */
  audit: () => AuditSink;
  clock: Clock;
  /** How long a confirmed factor lets a sign-in take dangerous actions. */
  stepUpSeconds: number;
}

const SERVICES = Object.entries(SERVICE_BASE_PATHS) as [ServiceName, string][];

function serviceOf(url: string): ServiceName | undefined {
  return SERVICES.find(([, base]) => url.startsWith(`${base}/`))?.[0];
}

const asArray = <T>(value: T | T[] | undefined): T[] =>
  value === undefined ? [] : Array.isArray(value) ? value : [value];

/** The actions a lookup's names are shown by, on the resources that refer to it. */
const LOOKUP_USES = ['list', 'read', 'create', 'update'] as const;

/** Whether a lookup's names are the caller's to see (`access.lookup`): the same rule as its route. */
export function mayUseLookup(permissions: PermissionSet, declared: LookupAccess): boolean {
  return (
    permissions.can(declared.resource, 'list') ||
    declared.usedBy.some((resource) =>
      (declared.uses ?? LOOKUP_USES).some((action) => permissions.can(resource, action)),
    )
  );
}

/**
 * Installs access control on the server, before any service route is registered: every route under a
 * service base must declare its access (`config.access`), or the server does not start; an admin
 * route may not be left to a platform guard. Routes that need an administrator get, in front of
 * their own hooks, a check that authenticates the caller and decides the declared action before the
 * body is read or validated (deny by default: no grant, no entry). Answers of list and read routes
 * lose the fields the grants do not reach; which fields a create or update may write is checked by
 * the record routes once the body is parsed (`resources/crud-routes.ts`).
 */
export function installAccessControl(app: FastifyInstance, deps: AccessControlDeps): CatalogueBuilder {
  const catalogue = new CatalogueBuilder();
  const permissionsOf = createPermissionCache(deps.loadGrants);
  const recordDenial = createDenialLog(deps.audit);
  app.decorate('accessCatalogue', catalogue);

  const stepUpFresh = (identity: AdminIdentity) =>
    identity.factorConfirmedAt !== null &&
    deps.clock().getTime() - identity.factorConfirmedAt.getTime() <= deps.stepUpSeconds * 1000;

  /**
   * The administrator behind the request and what they may do. A member of a group that requires a
   * second factor, signed in without one, gets nothing but the routes that enrol it.
   */
  async function identify(request: FastifyRequest, enrolment = false): Promise<RequestAccess> {
    const identity = await deps.authenticate(request);
    setActor(identity.adminId);
    const permissions = await permissionsOf(identity);
    const mfaEnrollmentRequired = permissions.mfaRequired && identity.secondFactor === null;
    if (mfaEnrollmentRequired && !enrolment)
      throw errors.forbiddenUntil('mfa_enrollment_required', 'mfaEnrollmentRequired');
    const access: RequestAccess = {
      identity,
      actor: actorOf(identity),
      permissions,
      catalogue,
      mfaEnrollmentRequired,
      requireStepUp() {
        if (!stepUpFresh(identity)) throw errors.forbiddenUntil('step_up_required', 'stepUpRequired');
      },
      async deny(resource, action, field) {
        await recordDenial(request, identity.adminId, {
          resource,
          action,
          ...(field ? { field } : {}),
        }).catch((err: unknown) => request.log.warn({ err }, 'A refused request could not be audited'));
        throw field
          ? errors.forbidden('fieldForbidden', { field })
          : errors.forbidden('accessDenied', { resource, action });
      },
    };
    request.access = access;
    return access;
  }

  const checkSignedIn = (enrolment: boolean) => async (request: FastifyRequest) => {
    await identify(request, enrolment);
  };

  /** After validation, so a malformed request is told so before being asked for a factor. */
  const checkStepUp = (declared: PermissionAccess) => async (request: FastifyRequest) => {
    const { stepUp } = declared;
    const needed = typeof stepUp === 'function' ? stepUp(request) : stepUp === true;
    if (needed) request.access?.requireStepUp();
  };

  const checkLookup = (declared: LookupAccess) => async (request: FastifyRequest) => {
    const access = await identify(request);
    if (!mayUseLookup(access.permissions, declared)) await access.deny(declared.resource, 'list');
  };

  const checkPermission = (declared: PermissionAccess) => async (request: FastifyRequest) => {
    if (declared.exemptWhen?.(request)) return;
    const access = await identify(request);
    if (declared.action === 'bulk') {
      const bulk = catalogue.bulkActionsOf(declared.resource);
      if (!bulk.some((action) => access.permissions.can(declared.resource, action)))
        await access.deny(declared.resource, 'bulk');
      return;
    }
    const decision = access.permissions.decide(declared.resource, declared.action);
    if (!decision.allowed) await access.deny(declared.resource, declared.action);
    access.decision = decision;
    if (declared.fields === 'read') await checkQueryFields(request, access, decision);
  };

  const maskAnswer =
    (declared: PermissionAccess) =>
    async (request: FastifyRequest, reply: FastifyReply, payload: unknown) => {
      const access = request.access;
      if (!access?.decision || reply.statusCode >= 300 || payload === null || typeof payload !== 'object')
        return payload;
      const mask = createMasker(
        access.decision,
        catalogue.descriptorOf(declared.resource),
        access.actor,
        catalogue.kindOf(declared.resource),
      );
      if (declared.mask === 'item') return mask(payload as Record<string, unknown>);
      const list = payload as { items?: unknown };
      if (!Array.isArray(list.items)) return payload;
      return { ...list, items: list.items.map((item) => mask(item as Record<string, unknown>)) };
    };

  app.addHook('onRoute', (route: RouteOptions) => {
    const service = serviceOf(route.url);
    if (!service) return;
    const declared: RouteAccess | undefined = route.config?.access;
    const name = `${String(route.method)} ${route.url}`;
    if (!declared) throw new Error(`${name} declares no access (config.access): say who may call it`);
    const adminRoute = route.url.includes('/admin/');
    if (adminRoute && declared.kind === 'platform')
      throw new Error(`${name}: an admin route needs an admin check`);
    for (const method of asArray(route.method)) {
      if (method !== 'HEAD') catalogue.routes.push({ method, url: route.url, access: declared });
    }
    if (declared.kind === 'public' || declared.kind === 'platform') return;
    if (declared.kind === 'signed-in') {
      route.onRequest = [checkSignedIn(declared.enrolment === true), ...asArray(route.onRequest)];
      return;
    }
    catalogue.add(declared, service);
    if (declared.kind === 'lookup') {
      route.onRequest = [checkLookup(declared), ...asArray(route.onRequest)];
      return;
    }
    route.onRequest = [checkPermission(declared), ...asArray(route.onRequest)];
    if (declared.stepUp) route.preHandler = [checkStepUp(declared), ...asArray(route.preHandler)];
    if (declared.mask) route.preSerialization = [maskAnswer(declared), ...asArray(route.preSerialization)];
  });

  return catalogue;
}

/**
 * Filtering or sorting by a field reveals its values, so a list may be filtered and sorted only by
 * fields every record in scope shows.
 */
async function checkQueryFields(request: FastifyRequest, access: RequestAccess, decision: Decision) {
  const query = request.query;
  if (query === null || typeof query !== 'object') return;
  for (const field of queryFields(query as Record<string, unknown>)) {
    if (!access.catalogue.fieldOf(decision.resource, field)) continue;
    if (!filterable(decision, field)) await access.deny(decision.resource, decision.action, field);
  }
}

function filterable(decision: Decision, field: string): boolean {
  return hasField(filterableFields(decision), field);
}

/** The fields a list query filters or sorts by (`filter[email]`, `sort=-created_at,email`). */
export function queryFields(query: Record<string, unknown>): string[] {
  const fields: string[] = [];
  for (const [name, value] of Object.entries(query)) {
    const filter = /^filter\[(.+)\]$/.exec(name);
    if (filter?.[1]) fields.push(filter[1]);
    if (name === 'sort' && typeof value === 'string') {
      for (const term of value.split(',')) fields.push(term.trim().replace(/^-/, ''));
    }
  }
  return fields;
}
