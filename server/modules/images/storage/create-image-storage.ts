import type { StorageConfig } from '../../../config.js';
import type { ImageStorage } from './image-storage.js';
import { createLocalImageStorage } from './local-image-storage.js';
import { createS3ImageStorage } from './s3-image-storage.js';

/** The configured photo storage: DATA_DIR/images by default, or the S3 bucket. */
export function createImageStorage(config: StorageConfig): ImageStorage {
  if (config.driver === 'local') return createLocalImageStorage(config.directory);
  return createS3ImageStorage({
    bucket: config.bucket,
    region: config.region,
    endpoint: config.endpoint,
    accessKeyId: config.accessKeyId,
    secretAccessKey: config.secretAccessKey,
    forcePathStyle: config.forcePathStyle,
    prefix: 'images/',
  });
}
