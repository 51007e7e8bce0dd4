import { permissionResourceOf, type ResourceDescriptor } from '@pult/contract';
import type { FastifyRequest } from 'fastify';

/**
 * What a route needs, declared where it is registered (`config: { access }`). The access plugin
 * refuses to start a server with a service route that declares nothing, so every route is denied
 * until someone says who may call it.
 */
export type RouteAccess =
  /** No caller identity: sign-in, token renewal, password recovery, published keys. */
  | { kind: 'public' }
  /** A platform service's API key or a platform user's token, checked by the module's own guard. */
  | { kind: 'platform' }
  /**
   * Any signed-in administrator: their own profile, password, sign-out, permissions. `enrolment`:
   * also one whose group requires a second factor they have not set up yet (what enrolling needs).
   */
  | { kind: 'signed-in'; enrolment?: boolean }
  | PermissionAccess
  | LookupAccess;

/** One action on one resource; `scoped`, `fields` and `mask` say what the route does with a grant's parts. */
export interface PermissionAccess {
  kind: 'permission';
  resource: string;
  action: string;
  /** The resource's list descriptor: its fields are the catalogue's fields. */
  descriptor?: ResourceDescriptor;
  /** The route applies a grant's condition to the records it touches (so a grant may carry one). */
  scoped: boolean;
  /** Which fields a grant may limit: those the route shows (`read`) or takes (`write`). */
  fields: 'read' | 'write' | null;
  /** The answer is a record or a list of records: fields the grant does not reach are removed. */
  mask: 'item' | 'list' | null;
  /** Fields a body may carry beyond the descriptor's (a new password), so a write grant may name them. */
  writable?: readonly string[];
  /** Fields an answer carries beyond the descriptor's columns (an admin's photo). */
  readable?: readonly string[];
  /**
   * Requests this holds for are not an administrator's and the route's own guard checks them: the
   * public settings the panel reads before sign-in, a platform service's API key on `/send`.
   */
  exemptWhen?: (request: FastifyRequest) => boolean;
  /**
   * A dangerous action: it needs a second factor (or the password) confirmed in this sign-in within
   * the last few minutes. A function decides by the validated request (a bulk action's name); a
   * handler whose danger depends on stored data asks `requireStepUp` itself.
   */
  stepUp?: boolean | ((request: FastifyRequest) => boolean);
}

/**
 * A lookup (names for a select): allowed to whoever may list its resource, or may see or edit a
 * resource that refers to it (a user's country), since its names are what those screens show.
 */
export interface LookupAccess {
  kind: 'lookup';
  resource: string;
  usedBy: readonly string[];
  /**
   * The actions on `usedBy` that show the names (list, read, create and update unless told): a picker
   * only writers use (a schedule's recipients) is no reason for its readers to list every name.
   */
  uses?: readonly string[];
}

type ResourceRef = ResourceDescriptor | string;

const nameOf = (resource: ResourceRef) =>
  typeof resource === 'string' ? resource : permissionResourceOf(resource);

const READING = new Set(['list', 'read', 'export']);
const WRITING = new Set(['create', 'update']);

/** The declarations a route can make. */
export const access = {
  public: { kind: 'public' } as RouteAccess,
  platform: { kind: 'platform' } as RouteAccess,
  signedIn: { kind: 'signed-in' } as RouteAccess,
  /** Signed in, and allowed while a required second factor is still to be set up. */
  enrolment: { kind: 'signed-in', enrolment: true } as RouteAccess,
  /**
   * `action` on `resource`. The record actions' defaults: list, read, export, update, delete and bulk
   * actions apply conditions; list/read/export show fields, create/update take them.
   */
  to(
    resource: ResourceRef,
    action: string,
    options: Partial<Omit<PermissionAccess, 'kind' | 'resource' | 'action' | 'descriptor'>> = {},
  ): PermissionAccess {
    const recordAction = READING.has(action) || WRITING.has(action) || action === 'delete';
    const hasDescriptor = typeof resource !== 'string';
    return {
      kind: 'permission',
      resource: nameOf(resource),
      action,
      ...(hasDescriptor ? { descriptor: resource } : {}),
      scoped: options.scoped ?? (hasDescriptor && (recordAction || action.startsWith('bulk'))),
      fields: options.fields ?? (READING.has(action) ? 'read' : WRITING.has(action) ? 'write' : null),
      mask: options.mask ?? (action === 'list' ? 'list' : action === 'read' ? 'item' : null),
      ...(options.writable ? { writable: options.writable } : {}),
      ...(options.readable ? { readable: options.readable } : {}),
      ...(options.exemptWhen ? { exemptWhen: options.exemptWhen } : {}),
      ...(options.stepUp ? { stepUp: options.stepUp } : {}),
    };
  },
  lookup(resource: ResourceRef, usedBy: readonly ResourceRef[], uses?: readonly string[]): LookupAccess {
    return {
      kind: 'lookup',
      resource: nameOf(resource),
      usedBy: usedBy.map(nameOf),
      ...(uses ? { uses } : {}),
    };
  },
};

declare module 'fastify' {
  interface FastifyContextConfig {
    access?: RouteAccess;
  }
}
