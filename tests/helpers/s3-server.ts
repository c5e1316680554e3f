// A real S3-compatible server (s3rver) for tests: started in this process on a free port, with a
// fresh bucket in a temporary folder, and removed again by close().
//   const s3 = await startS3Server();
//   const store = new S3ObjectStore(s3.settings);        // or createTestApp({ env: s3.env })
//   ...
//   await s3.close();
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import S3rver from 's3rver';
import type { S3Settings } from '../../server/storage/s3-settings';

export interface TestS3Server {
  /** Settings for new S3ObjectStore(settings). */
  settings: S3Settings;
  /** The bucket's own address (path style), as S3_PUBLIC_URL for a bucket whose objects are public. */
  bucketUrl: string;
  /** The same as S3_* environment variables, for loadConfig / createTestApp({ env }). */
  env: Record<string, string>;
  close(): Promise<void>;
}

const BUCKET = 'ledger-test';
// s3rver checks request signatures against this fixed key pair.
const CREDENTIAL = 'S3RVER';

export async function startS3Server(): Promise<TestS3Server> {
  const directory = fs.mkdtempSync(path.join(os.tmpdir(), 'ledger-s3-'));
  const server = new S3rver({ address: '127.0.0.1', port: 0, silent: true, directory, configureBuckets: [{ name: BUCKET }] });
  const { port } = await server.run();
  const settings: S3Settings = {
    endpoint: `http://127.0.0.1:${port}`,
    bucket: BUCKET,
    region: 'us-east-1',
    accessKeyId: CREDENTIAL,
    secretAccessKey: CREDENTIAL,
    forcePathStyle: true,
    publicUrl: null,
  };
  const env: Record<string, string> = {
    S3_ENDPOINT: settings.endpoint,
    S3_BUCKET: settings.bucket,
    S3_REGION: settings.region,
    S3_ACCESS_KEY_ID: settings.accessKeyId,
    S3_SECRET_ACCESS_KEY: settings.secretAccessKey,
    S3_FORCE_PATH_STYLE: 'true',
  };
  return {
    settings,
    env,
    bucketUrl: `${settings.endpoint}/${BUCKET}`,
    async close() {
      await server.close();
      fs.rmSync(directory, { recursive: true, force: true });
    },
  };
}
