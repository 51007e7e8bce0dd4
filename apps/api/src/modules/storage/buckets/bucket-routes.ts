import {
  type Bucket,
  type BucketCreate,
  type BucketUpdate,
  bucketCreateSchema,
  bucketSchema,
  bucketsResource,
  bucketUpdateSchema,
} from '@pult/contract';
import type { FastifyPluginAsync, onRequestAsyncHookHandler } from 'fastify';
import { crudRoutes, type RecordHandlers } from '../../../resources/crud-routes.js';
import { parseNumericId } from '../../../resources/record-id.js';
import { currentAdminId } from '../../auth/index.js';

export interface BucketRouteDeps {
  handlers: RecordHandlers<number, Bucket, BucketCreate, BucketUpdate>;
  requireAdmin: onRequestAsyncHookHandler;
}

export const bucketRoutes: FastifyPluginAsync<BucketRouteDeps> = async (app, deps) => {
  await app.register(
    crudRoutes({
      descriptor: bucketsResource,
      item: bucketSchema,
      create: bucketCreateSchema,
      update: bucketUpdateSchema,
      parseId: parseNumericId,
      handlers: deps.handlers,
      guard: deps.requireAdmin,
      adminIdOf: currentAdminId,
    }),
  );
};
