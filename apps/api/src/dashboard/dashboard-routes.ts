import { coversEveryRecord, dashboardCardSchema, dashboardIndexSchema } from '@pult/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { RequestAccess } from '../access/access-control.js';
import { accessOf } from '../access/request-access.js';
import { access } from '../access/route-access.js';
import { errors } from '../http/app-error.js';
import type { DashboardCardSource } from './dashboard-card.js';

export interface DashboardRouteDeps {
  cards: readonly DashboardCardSource[];
}

/**
 * A card sums up all of a resource's records, so it is for administrators who may list all of them:
 * one whose grant covers only some would learn about the others from the totals.
 */
function maySee(access: RequestAccess, card: DashboardCardSource): boolean {
  return coversEveryRecord(access.permissions.decide(card.resource, 'list'));
}

/**
 * `GET /admin/dashboard` lists the cards of the modules this server runs; `GET /admin/dashboard/cards/{id}`
 * computes one. Mounted under the auth base, beside the other administrator-wide screens.
 */
export const dashboardRoutes: FastifyPluginAsyncZod<DashboardRouteDeps> = async (app, deps) => {
  const byId = new Map<string, DashboardCardSource>();
  for (const card of deps.cards) {
    if (byId.has(card.id)) throw new Error(`Two dashboard cards are named ${card.id}`);
    byId.set(card.id, card);
  }
  app.get(
    '/admin/dashboard',
    { config: { access: access.signedIn }, schema: { response: { 200: dashboardIndexSchema } } },
    async (request) => ({
      cards: deps.cards
        .filter((card) => maySee(accessOf(request), card))
        .map(({ id, service, kind }) => ({ id, service, kind })),
    }),
  );

  app.get(
    '/admin/dashboard/cards/:id',
    {
      config: { access: access.signedIn },
      schema: { params: z.object({ id: z.string() }), response: { 200: dashboardCardSchema } },
    },
    async (request) => {
      const card = byId.get(request.params.id);
      if (!card) throw errors.notFound();
      const caller = accessOf(request);
      if (!maySee(caller, card)) await caller.deny(card.resource, 'list');
      return card.load();
    },
  );
};
