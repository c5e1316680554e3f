// Object store in one S3-compatible bucket, shared by every server process. The two logical
// buckets are key prefixes: 'artworks/<key>' (public derivatives; a deployment may make this
// prefix publicly readable, see S3_PUBLIC_URL) and 'originals/<key>' (uploaded files, never
// public: nothing here sets a public ACL, and no address the app gives out names this prefix).
import type { Readable } from 'node:stream';
import type * as ClientS3 from '@aws-sdk/client-s3';
import type { S3Client } from '@aws-sdk/client-s3';
import type * as LibStorage from '@aws-sdk/lib-storage';
import { isValidKeyIn, type Bucket, type ObjectStore } from './object-store';
import type { S3Settings } from './s3-settings';

/** Parts of a multipart upload: S3's minimum is 5 MiB; two in flight bound the memory per write. */
const PART_SIZE = 8 * 1024 * 1024;
const PARTS_IN_FLIGHT = 2;

/** Connecting to the store, and then silence on an open connection, may take this long at most. */
const CONNECT_TIMEOUT_MS = 5_000;
const IDLE_SOCKET_TIMEOUT_MS = 30_000;

/** A readiness check answers within this, reachable or not. */
const REACHABLE_TIMEOUT_MS = 5_000;

const CONTENT_TYPES: Record<string, string> = {
  jpg: 'image/jpeg',
  png: 'image/png',
  webp: 'image/webp',
  gz: 'application/gzip',
  json: 'application/json',
};

// The SDK is about a fifth of the server's start-up when loaded with it (hundreds of modules), and
// a server that keeps its files in the data folder never needs it: loaded on the first use.
type Sdk = typeof ClientS3 & Pick<typeof LibStorage, 'Upload'>;
let loadingSdk: Promise<Sdk> | undefined;
function loadSdk(): Promise<Sdk> {
  loadingSdk ??= Promise.all([import('@aws-sdk/client-s3'), import('@aws-sdk/lib-storage')]).then(([s3, storage]) => ({
    ...s3,
    Upload: storage.Upload,
  }));
  return loadingSdk;
}

/** A missing object (GetObject says NoSuchKey, HeadObject a bare 404 NotFound). */
function isMissingObject(sdk: Sdk, err: unknown): boolean {
  return err instanceof sdk.S3ServiceException && (err.name === 'NoSuchKey' || err.name === 'NotFound');
}

interface Connection {
  sdk: Sdk;
  client: S3Client;
}

export class S3ObjectStore implements ObjectStore {
  private readonly settings: S3Settings;
  private readonly bucket: string;
  private connecting: Promise<Connection> | undefined;
  private client: S3Client | undefined;

  constructor(settings: S3Settings) {
    this.settings = settings;
    this.bucket = settings.bucket;
  }

  /** The SDK and this store's client, made on first use. */
  private connection(): Promise<Connection> {
    this.connecting ??= loadSdk().then((sdk) => {
      this.client = this.makeClient(sdk);
      return { sdk, client: this.client };
    });
    return this.connecting;
  }

  private makeClient(sdk: Sdk): S3Client {
    const settings = this.settings;
    return new sdk.S3Client({
      endpoint: settings.endpoint,
      region: settings.region,
      forcePathStyle: settings.forcePathStyle,
      credentials: { accessKeyId: settings.accessKeyId, secretAccessKey: settings.secretAccessKey },
      // A store that stops answering fails the request instead of holding it (and its upload) open.
      requestHandler: { connectionTimeout: CONNECT_TIMEOUT_MS, socketTimeout: IDLE_SOCKET_TIMEOUT_MS },
      // Checksums only where S3 requires them: many S3-compatible servers refuse the newer
      // default (CRC32 trailers), and S3 verifies each part's integrity over TLS anyway.
      requestChecksumCalculation: 'WHEN_REQUIRED',
      responseChecksumValidation: 'WHEN_REQUIRED',
    });
  }

  /** The object's name in the bucket: the logical bucket is its first folder. */
  private objectName(bucket: Bucket, key: string): string {
    if (!isValidKeyIn(bucket, key)) throw new Error(`Invalid object key: ${key}`);
    return `${bucket}/${key}`;
  }

  async put(bucket: Bucket, key: string, data: Buffer | Readable): Promise<void> {
    const name = this.objectName(bucket, key);
    // The reason a stream failed is more useful than the upload's own error about it.
    let sourceError: unknown;
    if (!Buffer.isBuffer(data)) data.once('error', (err) => (sourceError = err));
    const { sdk, client } = await this.connection();
    const upload = new sdk.Upload({
      client,
      params: { Bucket: this.bucket, Key: name, Body: data, ContentType: CONTENT_TYPES[key.split('.').pop() ?? ''] },
      partSize: PART_SIZE,
      queueSize: PARTS_IN_FLIGHT,
      // On failure the multipart upload is aborted, so its parts are discarded.
      leavePartsOnError: false,
    });
    try {
      await upload.done();
    } catch (err) {
      // A write whose final answer was lost may have completed: the key is fresh, so the object
      // (if any) is this failed write's and goes too.
      await client.send(new sdk.DeleteObjectCommand({ Bucket: this.bucket, Key: name })).catch(() => undefined);
      throw sourceError ?? err;
    }
  }

  async get(bucket: Bucket, key: string): Promise<Buffer | null> {
    const object = await this.stream(bucket, key);
    if (!object) return null;
    const chunks: Buffer[] = [];
    for await (const chunk of object.body) chunks.push(chunk as Buffer);
    return Buffer.concat(chunks);
  }

  async stream(bucket: Bucket, key: string): Promise<{ body: Readable; size: number } | null> {
    const { sdk, client } = await this.connection();
    try {
      const object = await client.send(new sdk.GetObjectCommand({ Bucket: this.bucket, Key: this.objectName(bucket, key) }));
      // In Node the body is the HTTP response itself: a Readable, streamed as it arrives.
      return { body: object.Body as Readable, size: object.ContentLength ?? 0 };
    } catch (err) {
      if (isMissingObject(sdk, err)) return null;
      throw err;
    }
  }

  async exists(bucket: Bucket, key: string): Promise<boolean> {
    const { sdk, client } = await this.connection();
    try {
      await client.send(new sdk.HeadObjectCommand({ Bucket: this.bucket, Key: this.objectName(bucket, key) }));
      return true;
    } catch (err) {
      if (isMissingObject(sdk, err)) return false;
      throw err;
    }
  }

  /** S3 deletes are idempotent; an aborted multipart upload left no object to delete. */
  async delete(bucket: Bucket, key: string): Promise<void> {
    const { sdk, client } = await this.connection();
    await client.send(new sdk.DeleteObjectCommand({ Bucket: this.bucket, Key: this.objectName(bucket, key) }));
  }

  async *list(bucket: Bucket): AsyncIterable<string> {
    const prefix = `${bucket}/`;
    const { sdk, client } = await this.connection();
    let token: string | undefined;
    do {
      const page = await client.send(new sdk.ListObjectsV2Command({ Bucket: this.bucket, Prefix: prefix, ContinuationToken: token }));
      for (const object of page.Contents ?? []) {
        const key = object.Key?.slice(prefix.length);
        // Only what this store puts: anything else in the bucket is not one of its objects.
        if (key && isValidKeyIn(bucket, key)) yield key;
      }
      token = page.IsTruncated ? page.NextContinuationToken : undefined;
    } while (token);
  }

  /** The bucket exists and these credentials may use it (HeadBucket), within a few seconds. */
  async checkReachable(): Promise<void> {
    const { sdk, client } = await this.connection();
    await client.send(new sdk.HeadBucketCommand({ Bucket: this.bucket }), {
      abortSignal: AbortSignal.timeout(REACHABLE_TIMEOUT_MS),
    });
  }

  /** Closes the client's idle connections (at shutdown). */
  close(): void {
    this.client?.destroy();
  }
}
