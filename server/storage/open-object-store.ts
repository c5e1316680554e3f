// The configured object store: the S3-compatible bucket when S3_* is set, else the data folder.
import type { AppConfig } from '../config';
import { LocalFolderStore } from './local-folder-store';
import type { ObjectStore } from './object-store';
import { S3ObjectStore } from './s3-store';

export function openObjectStore(config: Pick<AppConfig, 'dataDir' | 's3'>): ObjectStore {
  return config.s3 ? new S3ObjectStore(config.s3) : new LocalFolderStore(config.dataDir);
}
