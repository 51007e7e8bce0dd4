import { subscribe, unsubscribe } from 'node:diagnostics_channel';
import type * as Api from '@opentelemetry/api';
import type * as SdkNode from '@opentelemetry/sdk-node';
import type { FastifyInstance } from 'fastify';

const CHANNEL = 'fastify.initialization';

/**
 * Names each request's server span by its Fastify route pattern (`GET /auth/admin/users/:id`), never
 * the URL with ids. The HTTP instrumentation renames its span from the request's RPC metadata when the
 * response ends; this fills the route in from `onRequest`. Fastify announces every new instance on a
 * diagnostics channel, so no line of `app.ts` knows about tracing, and with tracing off nothing
 * subscribes. (`@fastify/otel` does the same and adds a span per hook: ten or so per request.)
 */
export function nameServerSpansByRoute(api: typeof Api, core: typeof SdkNode.core): () => void {
  const onInstance = (message: unknown) => {
    const { fastify } = message as { fastify: FastifyInstance };
    fastify.addHook('onRequest', (request, _reply, done) => {
      const route = request.routeOptions.url;
      const metadata = core.getRPCMetadata(api.context.active());
      if (route !== undefined && metadata?.type === core.RPCType.HTTP) metadata.route = route;
      done();
    });
  };
  subscribe(CHANNEL, onInstance);
  return () => unsubscribe(CHANNEL, onInstance);
}
