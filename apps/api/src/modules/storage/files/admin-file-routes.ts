import {
  bucketsResource,
  fileSchema,
  filesResource,
  fileUrlQuerySchema,
  fileUrlSchema,
  listResponseSchema,
  lookupResponseSchema,
  type StorageFile,
} from '@pult/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { access } from '../../../access/route-access.js';
import type { Db } from '../../../db/database.js';
import { errors } from '../../../http/app-error.js';
import { auditSinkOf, diffRecords } from '../../../resources/audit-sink.js';
import { registerCsvExport } from '../../../resources/export/csv-export-route.js';
import { walkList } from '../../../resources/export/list-walk.js';
import { listRequestOf } from '../../../resources/list-request.js';
import { runList } from '../../../resources/list-sql.js';
import type { UserDirectory } from '../../auth/index.js';
import type { FileService } from './file-service.js';
import { adminFileSource, toFileItem } from './file-source.js';
import { receiveUpload } from './receive-upload.js';

export interface AdminFileRouteDeps {
  db: Db;
  files: FileService;
  directory: UserDirectory;
}

const uuidParams = z.object({ uuid: z.string() });
/** A file's owner is shown by e-mail beside the uid. */
const OWNER = ['owner_email'];

/** `storage/files` in the panel: every file, uploads on anyone's behalf, links for preview and download. */
export const adminFileRoutes: FastifyPluginAsyncZod<AdminFileRouteDeps> = async (app, deps) => {
  const { files } = deps;
  const audit = auditSinkOf(app);

  /** Owners are platform users: their e-mails come from the auth service's directory, one call per page. */
  async function withOwners(items: StorageFile[]): Promise<StorageFile[]> {
    const owners = await deps.directory.byUids(
      items.flatMap((item) => (item.owner_uid ? [item.owner_uid] : [])),
    );
    return items.map((item) => ({
      ...item,
      owner_email: item.owner_uid ? (owners.get(item.owner_uid)?.email ?? null) : null,
    }));
  }

  const found = async (uuid: string) => {
    const file = await files.find(uuid);
    if (!file) throw errors.notFound();
    return file;
  };

  app.get(
    filesResource.path,
    {
      config: { access: access.to(filesResource, 'list', { readable: OWNER }) },
      schema: { response: { 200: listResponseSchema(fileSchema.partial()) } },
    },
    async (request) => {
      const page = await runList(deps.db, adminFileSource, listRequestOf(request, filesResource));
      return { ...page, items: await withOwners(page.items) };
    },
  );

  registerCsvExport(app, {
    descriptor: filesResource,
    readable: OWNER,
    rows: async function* (request) {
      for await (const items of walkList(deps.db, adminFileSource, request)) yield withOwners(items);
    },
  });

  app.post(
    filesResource.path,
    {
      config: { access: access.to(filesResource, 'files.upload') },
      schema: { response: { 201: fileSchema } },
    },
    async (request, reply) => {
      const saved = await receiveUpload(request, reply, { kind: 'admin' }, files);
      const item = toFileItem(saved);
      await audit.record(request, {
        action: 'create',
        resource: filesResource.name,
        recordId: item.uuid,
        changes: diffRecords({}, item),
      });
      reply.status(201);
      return (await withOwners([item]))[0];
    },
  );

  app.get(
    `${filesResource.path}/:uuid`,
    {
      config: { access: access.to(filesResource, 'read', { scoped: false, readable: OWNER }) },
      schema: { params: uuidParams, response: { 200: fileSchema.partial() } },
    },
    async (request) => (await withOwners([toFileItem(await found(request.params.uuid))]))[0],
  );

  app.get(
    `${filesResource.path}/:uuid/url`,
    {
      config: { access: access.to(filesResource, 'files.download') },
      schema: { params: uuidParams, querystring: fileUrlQuerySchema, response: { 200: fileUrlSchema } },
    },
    async (request) => files.url(await found(request.params.uuid), request.query.disposition ?? 'attachment'),
  );

  app.delete(
    `${filesResource.path}/:uuid`,
    {
      config: { access: access.to(filesResource, 'delete', { scoped: false }) },
      schema: { params: uuidParams, response: { 200: fileSchema } },
    },
    async (request) => {
      const removed = await files.remove(request.params.uuid);
      if (!removed) throw errors.notFound();
      const item = toFileItem(removed);
      await audit.record(request, {
        action: 'delete',
        resource: filesResource.name,
        recordId: item.uuid,
        changes: diffRecords(item, {}),
      });
      return item;
    },
  );

  app.get(
    `${bucketsResource.path}/lookup`,
    {
      config: { access: access.lookup(bucketsResource, [filesResource]) },
      schema: { response: { 200: lookupResponseSchema } },
    },
    async () => {
      const rows = await deps.db
        .selectFrom('storage_buckets')
        .select(['id as value', 'name as label'])
        .where('deleting_at', 'is', null)
        .orderBy('name')
        .execute();
      return { items: rows };
    },
  );
};
