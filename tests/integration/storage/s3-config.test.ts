// S3_* settings: all of them select the S3-compatible store, none the data folder, and a
// half-configured store stops start-up with a message naming what is missing.
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../../../server/config';
import { LocalFolderStore } from '../../../server/storage/local-folder-store';
import { openObjectStore } from '../../../server/storage/open-object-store';
import { S3ObjectStore } from '../../../server/storage/s3-store';

const COMPLETE = {
  S3_ENDPOINT: 'https://s3.eu-central-1.amazonaws.com',
  S3_BUCKET: 'ledger-images',
  S3_ACCESS_KEY_ID: 'AKIAEXAMPLE',
  S3_SECRET_ACCESS_KEY: 'secret-example',
};

describe('S3 configuration', () => {
  it('keeps images in the data folder when no S3_* variable is set', () => {
    const config = loadConfig({ DATA_DIR: 'data' });
    expect(config.s3).toBeNull();
    expect(openObjectStore(config)).toBeInstanceOf(LocalFolderStore);
  });

  it('selects the S3 store when endpoint, bucket and credentials are set, with the defaults', () => {
    const config = loadConfig(COMPLETE);
    expect(config.s3).toEqual({
      endpoint: 'https://s3.eu-central-1.amazonaws.com',
      bucket: 'ledger-images',
      region: 'us-east-1',
      accessKeyId: 'AKIAEXAMPLE',
      secretAccessKey: 'secret-example',
      forcePathStyle: false,
      publicUrl: null,
    });
    const store = openObjectStore(config);
    expect(store).toBeInstanceOf(S3ObjectStore);
    (store as S3ObjectStore).close();
  });

  it('reads region, path style and the public address (without its trailing slash)', () => {
    const config = loadConfig({
      ...COMPLETE,
      S3_REGION: 'eu-central-1',
      S3_FORCE_PATH_STYLE: 'true',
      S3_PUBLIC_URL: 'https://images.example.org/',
    });
    expect(config.s3).toMatchObject({ region: 'eu-central-1', forcePathStyle: true, publicUrl: 'https://images.example.org' });
  });

  it('refuses to start with a bucket but no endpoint or credentials, naming what is missing', () => {
    expect(() => loadConfig({ S3_BUCKET: 'ledger-images' })).toThrow(
      new ConfigError(
        'Invalid configuration:\n  S3 storage is only partly configured: S3_BUCKET is set but S3_ENDPOINT, S3_ACCESS_KEY_ID, ' +
          'S3_SECRET_ACCESS_KEY are missing. Set all of S3_ENDPOINT, S3_BUCKET, S3_ACCESS_KEY_ID, S3_SECRET_ACCESS_KEY to keep ' +
          'images in an S3-compatible store, or none of the S3_* variables to keep them in DATA_DIR.',
      ),
    );
  });

  it('refuses to start with credentials missing, naming the missing secret', () => {
    const { S3_SECRET_ACCESS_KEY: _omitted, ...withoutSecret } = COMPLETE;
    expect(() => loadConfig(withoutSecret)).toThrow('but S3_SECRET_ACCESS_KEY is missing.');
  });

  it('refuses to start with only a public address set', () => {
    expect(() => loadConfig({ S3_PUBLIC_URL: 'https://images.example.org' })).toThrow(
      'S3 storage is only partly configured: S3_PUBLIC_URL is set but',
    );
  });

  it('refuses a bucket name S3 would not accept and an endpoint that is not an http(s) address', () => {
    expect(() => loadConfig({ ...COMPLETE, S3_BUCKET: 'Ledger_Images' })).toThrow(
      'S3_BUCKET: must be 3-63 lowercase letters, digits, dots or hyphens',
    );
    expect(() => loadConfig({ ...COMPLETE, S3_ENDPOINT: 'ftp://s3.example.org' })).toThrow(
      'S3_ENDPOINT: must start with http:// or https://',
    );
  });
});
