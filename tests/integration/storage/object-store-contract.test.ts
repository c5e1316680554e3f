// One contract for every object store: the local data folder and the S3-compatible store (run
// against a real S3 server, s3rver, started here). Whatever the deployment picks, uploads, image
// serving and cleanup see the same behaviour.
import crypto from 'node:crypto';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LocalFolderStore } from '../../../server/storage/local-folder-store';
import { newObjectKey, type Bucket, type ObjectStore } from '../../../server/storage/object-store';
import { S3ObjectStore } from '../../../server/storage/s3-store';
import { listFiles } from '../../helpers/test-app';
import { startS3Server } from '../../helpers/s3-server';

interface StoreUnderTest {
  store: ObjectStore;
  close(): Promise<void>;
}

const STORES: [string, () => Promise<StoreUnderTest>][] = [
  [
    'local folder store',
    async () => {
      const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'ledger-store-'));
      return { store: new LocalFolderStore(dir), close: async () => fs.rmSync(dir, { recursive: true, force: true }) };
    },
  ],
  [
    'S3 store',
    async () => {
      const s3 = await startS3Server();
      const store = new S3ObjectStore(s3.settings);
      return {
        store,
        async close() {
          store.close();
          await s3.close();
        },
      };
    },
  ],
];

async function listAll(store: ObjectStore, bucket: Bucket): Promise<string[]> {
  const keys: string[] = [];
  for await (const key of store.list(bucket)) keys.push(key);
  return keys.sort();
}

async function readAll(body: Readable): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of body) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

/** Bytes that stream in pieces, then fail: a client that disconnects mid-upload. */
function failingStream(bytesBeforeFailure: number): Readable {
  return Readable.from(
    (async function* () {
      yield crypto.randomBytes(bytesBeforeFailure);
      throw new Error('client went away');
    })(),
  );
}

const uuid = '0b8e4f4e-8a53-4d6c-9a55-2f7f3c1e7d10';
const HOSTILE_KEYS = [
  '',
  '../originals/2026/05/x.png',
  `2026/05/../../originals/${uuid}.png`,
  `/2026/05/${uuid}.jpg`,
  `originals/2026/05/${uuid}.jpg`,
  `2026/05/${uuid}.jpg/../../x`,
  `2026/05/${uuid}.svg`,
  `2026/05/${uuid}.jpg\u0000`,
  `2026\\05\\${uuid}.jpg`,
  `2026/05/${uuid}.jpg?acl`,
  `%2e%2e/2026/05/${uuid}.jpg`,
  `2026/05/${'a'.repeat(2048)}.jpg`,
];

describe.each(STORES)('%s', (_name, open) => {
  let t: StoreUnderTest;
  let store: ObjectStore;
  beforeAll(async () => {
    t = await open();
    store = t.store;
  });
  afterAll(async () => {
    await t.close();
  });

  it('gives back exactly the bytes put, whole and streamed with their size', async () => {
    const key = newObjectKey('png');
    const bytes = crypto.randomBytes(70_000);
    await store.put('originals', key, bytes);
    expect(await store.exists('originals', key)).toBe(true);
    expect((await store.get('originals', key))?.equals(bytes)).toBe(true);
    const object = await store.stream('originals', key);
    expect(object?.size).toBe(70_000);
    expect((await readAll(object!.body)).equals(bytes)).toBe(true);
    await store.delete('originals', key);
  });

  it('writes a streamed upload larger than one multipart part in full', async () => {
    const key = newObjectKey('png');
    const pieces = [crypto.randomBytes(6 * 1024 * 1024), crypto.randomBytes(5 * 1024 * 1024), crypto.randomBytes(1234)];
    await store.put('originals', key, Readable.from(pieces));
    const stored = await store.get('originals', key);
    expect(stored?.length).toBe(11 * 1024 * 1024 + 1234);
    expect(stored?.equals(Buffer.concat(pieces))).toBe(true);
    await store.delete('originals', key);
  });

  it('answers null, null and false for a key never written, and deletes it without error', async () => {
    const key = newObjectKey('jpg');
    expect(await store.get('artworks', key)).toBeNull();
    expect(await store.stream('artworks', key)).toBeNull();
    expect(await store.exists('artworks', key)).toBe(false);
    await expect(store.delete('artworks', key)).resolves.toBeUndefined();
  });

  it('keeps the two buckets apart: a key written to one is not in the other', async () => {
    const key = newObjectKey('jpg');
    await store.put('artworks', key, Buffer.from('derivative'));
    expect(await store.exists('originals', key)).toBe(false);
    expect(await store.get('originals', key)).toBeNull();
    expect(await listAll(store, 'artworks')).toEqual([key]);
    expect(await listAll(store, 'originals')).toEqual([]);
    await store.delete('artworks', key);
  });

  it('lists every object of a bucket, and no longer lists one once deleted', async () => {
    const keys = [newObjectKey('jpg'), newObjectKey('jpg'), newObjectKey('jpg', new Date('2025-12-31T12:00:00Z'))];
    for (const key of keys) await store.put('artworks', key, Buffer.from(key));
    expect(await listAll(store, 'artworks')).toEqual([...keys].sort());
    await store.delete('artworks', keys[0]);
    expect(await store.exists('artworks', keys[0])).toBe(false);
    expect(await store.get('artworks', keys[0])).toBeNull();
    expect(await listAll(store, 'artworks')).toEqual([keys[1], keys[2]].sort());
    for (const key of keys) await store.delete('artworks', key);
    expect(await listAll(store, 'artworks')).toEqual([]);
  });

  it("rejects a write whose stream fails with the stream's error and leaves no object behind", async () => {
    const small = newObjectKey('png');
    await expect(store.put('originals', small, failingStream(1000))).rejects.toThrow('client went away');
    // Past the first multipart part: the S3 store has already sent part of it.
    const large = newObjectKey('png');
    await expect(store.put('originals', large, failingStream(9 * 1024 * 1024))).rejects.toThrow('client went away');
    for (const key of [small, large]) {
      expect(await store.exists('originals', key)).toBe(false);
      expect(await store.get('originals', key)).toBeNull();
    }
    expect(await listAll(store, 'originals')).toEqual([]);
  });

  it('refuses hostile keys for every operation and writes nothing', async () => {
    for (const key of HOSTILE_KEYS) {
      await expect(store.put('artworks', key, Buffer.from('x')), key).rejects.toThrow('Invalid object key');
      await expect(store.get('originals', key), key).rejects.toThrow('Invalid object key');
      await expect(store.stream('originals', key), key).rejects.toThrow('Invalid object key');
      await expect(store.exists('originals', key), key).rejects.toThrow('Invalid object key');
      await expect(store.delete('originals', key), key).rejects.toThrow('Invalid object key');
    }
    expect(await listAll(store, 'artworks')).toEqual([]);
  });

  it('reports itself reachable', async () => {
    await expect(store.checkReachable()).resolves.toBeUndefined();
  });
});

describe('a failed write in the local folder store', () => {
  it('leaves no file at all in the data folder, finished or unfinished', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'ledger-store-'));
    try {
      const store = new LocalFolderStore(dir);
      await expect(store.put('originals', newObjectKey('png'), failingStream(100_000))).rejects.toThrow('client went away');
      expect(listFiles(dir)).toEqual([]);
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe('an S3 store that cannot be reached', () => {
  it('says so when checked, and the check rejects rather than hangs', async () => {
    const s3 = await startS3Server();
    const settings = s3.settings;
    await s3.close();
    const store = new S3ObjectStore(settings);
    await expect(store.checkReachable()).rejects.toThrow();
    store.close();
  });

  it('rejects within seconds when the store accepts connections but never answers', async () => {
    const silent = net.createServer(() => undefined);
    await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve));
    const { port } = silent.address() as net.AddressInfo;
    const store = new S3ObjectStore({
      endpoint: `http://127.0.0.1:${port}`,
      bucket: 'ledger-test',
      region: 'us-east-1',
      accessKeyId: 'key',
      secretAccessKey: 'secret',
      forcePathStyle: true,
      publicUrl: null,
    });
    try {
      const started = Date.now();
      await expect(store.checkReachable()).rejects.toThrow();
      expect(Date.now() - started).toBeLessThan(15_000);
    } finally {
      store.close();
      silent.close();
    }
  });

  it('says so when the bucket does not exist', async () => {
    const s3 = await startS3Server();
    const store = new S3ObjectStore({ ...s3.settings, bucket: 'no-such-bucket' });
    try {
      await expect(store.checkReachable()).rejects.toThrow();
    } finally {
      store.close();
      await s3.close();
    }
  });
});
