import {
  type Bucket,
  type BucketCreate,
  type BucketUpdate,
  bucketCreateSchema,
  bucketSchema,
  bucketsResource,
  bucketUpdateSchema,
} from '@pult/contract';
import type { FastifyPluginAsync } from 'fastify';
import { crudRoutes, type RecordHandlers } from '../../../resources/crud-routes.js';
import type { ImportTarget } from '../../../resources/import/import-target.js';
import { parseNumericId } from '../../../resources/record-id.js';

export interface BucketRouteDeps {
  handlers: RecordHandlers<number, Bucket, BucketCreate, BucketUpdate>;
  /** `POST <buckets>/import` (CSV). */
  importTarget?: ImportTarget;
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
      ...(deps.importTarget ? { importTarget: deps.importTarget } : {}),
    }),
  );
};
