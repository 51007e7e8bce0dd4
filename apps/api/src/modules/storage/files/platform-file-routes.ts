import {
  fileUrlQuerySchema,
  fileUrlSchema,
  listResponseSchema,
  platformFileSchema,
  platformFilesResource,
} from '@pult/contract';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { access } from '../../../access/route-access.js';
import type { Db } from '../../../db/database.js';
import { errors } from '../../../http/app-error.js';
import { parseListRequest } from '../../../resources/list-request.js';
import { runList } from '../../../resources/list-sql.js';
import { type AuthApi, currentUser, hasApiKey } from '../../auth/index.js';
import type { FileService, Uploader } from './file-service.js';
import { platformFileSource, toPlatformFile } from './file-source.js';
import { receiveUpload } from './receive-upload.js';

export interface PlatformFileRouteDeps {
  db: Db;
  files: FileService;
  auth: AuthApi;
}

const uuidParams = z.object({ uuid: z.string() });

/**
 * The platform's file API (`/files`): a platform user with their access token works with their own
 * files; a service with the storage API key works with anyone's (uploading for an `owner_uid`).
 */
export const platformFileRoutes: FastifyPluginAsyncZod<PlatformFileRouteDeps> = async (app, deps) => {
  const { files } = deps;
  const requireServiceKey = deps.auth.requireServiceKey('storage');
  app.addHook('onRequest', async (request) => {
    if (hasApiKey(request)) await requireServiceKey(request);
    else await deps.auth.requireUser(request);
  });

  const callerOf = (request: FastifyRequest): Uploader =>
    request.callerService ? { kind: 'service' } : { kind: 'user', user: currentUser(request) };
  /** The owner a caller is limited to: a user to themselves, a service to nobody in particular. */
  const ownerScope = (request: FastifyRequest) => {
    const caller = callerOf(request);
    return caller.kind === 'user' ? caller.user.uid : undefined;
  };
  const found = async (request: FastifyRequest, uuid: string) => {
    // Another user's file is "not found", not "forbidden": its existence is not theirs to learn.
    const file = await files.find(uuid, ownerScope(request));
    if (!file) throw errors.notFound();
    return file;
  };
  const path = platformFilesResource.path;

  app.post(
    path,
    { config: { access: access.platform }, schema: { response: { 201: platformFileSchema } } },
    async (request, reply) => {
      const saved = await receiveUpload(request, reply, callerOf(request), files);
      reply.status(201);
      return toPlatformFile(saved);
    },
  );

  app.get(
    path,
    {
      config: { access: access.platform },
      schema: { response: { 200: listResponseSchema(platformFileSchema) } },
    },
    async (request) =>
      runList(
        deps.db,
        platformFileSource(ownerScope(request)),
        parseListRequest(platformFilesResource, request.query),
      ),
  );

  app.get(
    `${path}/:uuid`,
    {
      config: { access: access.platform },
      schema: { params: uuidParams, response: { 200: platformFileSchema } },
    },
    async (request) => toPlatformFile(await found(request, request.params.uuid)),
  );

  app.get(
    `${path}/:uuid/url`,
    {
      config: { access: access.platform },
      schema: { params: uuidParams, querystring: fileUrlQuerySchema, response: { 200: fileUrlSchema } },
    },
    async (request) =>
      files.url(await found(request, request.params.uuid), request.query.disposition ?? 'attachment'),
  );

  app.delete(
    `${path}/:uuid`,
    {
      config: { access: access.platform },
      schema: { params: uuidParams, response: { 200: platformFileSchema } },
    },
    async (request) => {
      const removed = await files.remove(request.params.uuid, ownerScope(request));
      if (!removed) throw errors.notFound();
      return toPlatformFile(removed);
    },
  );
};
