import type { BlobStoreConfig } from '../../../config/env.js';
import type { BlobStore } from './blob-store.js';
import { createLocalBlobStore } from './local-blob-store.js';
import { createS3BlobStore } from './s3-blob-store.js';

export function createBlobStore(config: BlobStoreConfig): BlobStore {
  return config.driver === 'local' ? createLocalBlobStore(config.directory) : createS3BlobStore(config);
}
