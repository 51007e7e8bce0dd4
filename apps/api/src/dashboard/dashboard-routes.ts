import { dashboardCardSchema, dashboardIndexSchema } from '@pult/contract';
import type { onRequestAsyncHookHandler } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errors } from '../http/app-error.js';
import type { DashboardCardSource } from './dashboard-card.js';

export interface DashboardRouteDeps {
  cards: readonly DashboardCardSource[];
  guard: onRequestAsyncHookHandler;
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
  app.addHook('onRequest', deps.guard);

  app.get('/admin/dashboard', { schema: { response: { 200: dashboardIndexSchema } } }, async () => ({
    cards: deps.cards.map(({ id, service, kind }) => ({ id, service, kind })),
  }));

  app.get(
    '/admin/dashboard/cards/:id',
    { schema: { params: z.object({ id: z.string() }), response: { 200: dashboardCardSchema } } },
    async (request) => {
      const card = byId.get(request.params.id);
      if (!card) throw errors.notFound();
      return card.load();
    },
  );
};
