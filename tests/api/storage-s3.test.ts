// The object storage (issue 27): the S3 implementation behaves as the local disk does, on the
// same tests, against an S3-compatible server started here (s3rver, see tests/support/s3-server.ts);
// a 50 MB upload streams through it without the test's memory growing by the file's size; an
// unreachable store or a refused key fails fast with a clear error; and the migration command moves
// a demo installation's files to the bucket, after which the app serves them from there.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { spawnSync } from 'node:child_process';
import { createHash, randomBytes } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { CreateBucketCommand, ListObjectsV2Command, PutObjectCommand } from '@aws-sdk/client-s3';
import { eq } from 'drizzle-orm';
import { AppError } from '../../server/errors';
import { ConfigError, loadConfig } from '../../server/config';
import { localStorage } from '../../server/storage/local';
import { createS3Client, ObjectStorageError, PART_BYTES, s3Storage, TEMPORARY_PREFIX, type S3Config } from '../../server/storage/s3';
import type { Storage } from '../../server/storage/storage';
import { DEMO_ACCOUNTS, seed } from '../../server/db/seed';
import { tenderDocuments } from '../../server/db/schema';
import { buildApp } from '../../server/app';
import { createTestApp, filesUnder, type TestContext } from './context';
import { s3Env, startS3Server, type S3TestServer } from '../support/s3-server';

let server: S3TestServer;
beforeAll(async () => {
  server = await startS3Server();
});
afterAll(async () => {
  await server?.stop();
});

const dirs: string[] = [];
afterAll(() => dirs.forEach((d) => rmSync(d, { recursive: true, force: true })));

type Backend = { storage: Storage; /** Every stored object or file, temporary ones included. */ everything: () => Promise<string[]> };

let buckets = 0;
const backends: Record<'local' | 's3', () => Promise<Backend>> = {
  local: async () => {
    const dir = mkdtempSync(join(tmpdir(), 'soumissio-storage-'));
    dirs.push(dir);
    return { storage: localStorage(dir), everything: async () => filesUnder(dir) };
  },
  // A bucket of its own per test.
  s3: async () => {
    const config: S3Config = { ...server.config, bucket: `test-${++buckets}` };
    const client = createS3Client(config);
    await client.send(new CreateBucketCommand({ Bucket: config.bucket }));
    const everything = async () => {
      const page = await client.send(new ListObjectsV2Command({ Bucket: config.bucket }));
      return (page.Contents ?? []).map((o) => o.Key!).sort();
    };
    return { storage: s3Storage(config, client), everything };
  },
};

async function failure(promise: Promise<unknown>): Promise<{ status: number; key: string }> {
  const error = await promise.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(AppError);
  const { status, key } = error as AppError;
  return { status, key };
}

/** The bytes in chunks, as a multipart part delivers them; `read` counts what was consumed. */
function streamOf(data: Buffer, chunk = 16 * 1024) {
  const read = { bytes: 0 };
  const stream = Readable.from(
    (function* () {
      for (let at = 0; at < data.length; at += chunk) {
        const part = data.subarray(at, at + chunk);
        read.bytes += part.length;
        yield part;
      }
    })(),
  );
  return { stream, read };
}

const bytesOf = async (storage: Storage, key: string) => {
  const found = await storage.get(key);
  if (!found) return undefined;
  const chunks: Buffer[] = [];
  for await (const chunk of found.stream) chunks.push(chunk as Buffer);
  const data = Buffer.concat(chunks);
  expect(found.size).toBe(data.length);
  return data;
};

describe.each(['local', 's3'] as const)('the %s storage', (kind) => {
  it('puts, gets and deletes an object; a missing one is undefined, deleting it no error', async () => {
    const { storage, everything } = await backends[kind]();
    const data = randomBytes(70_000);
    await storage.put('tenders/t1/Règlement de consultation.pdf', data);
    expect((await bytesOf(storage, 'tenders/t1/Règlement de consultation.pdf'))!.equals(data)).toBe(true);
    await storage.put('tenders/t1/Règlement de consultation.pdf', Buffer.from('v2'));
    expect((await bytesOf(storage, 'tenders/t1/Règlement de consultation.pdf'))!.toString()).toBe('v2');
    expect(await storage.get('tenders/t1/none.pdf')).toBeUndefined();
    await storage.delete('tenders/t1/Règlement de consultation.pdf');
    await storage.delete('tenders/t1/Règlement de consultation.pdf');
    expect(await everything()).toEqual([]);
  });

  it('refuses past maxBytes with a 413, reads the rest of the stream and leaves nothing', async () => {
    const { storage, everything } = await backends[kind]();
    const over = streamOf(randomBytes(300_001));
    expect(await failure(storage.putTemporary('tenders/t1/dce.zip', over.stream, 300_000))).toEqual({ status: 413, key: 'common-invalid_file_size' });
    expect(over.read.bytes).toBe(300_001);
    expect(await everything()).toEqual([]);
  });

  it('keeps a temporary object out of sight until renamed into place, replacing what was there', async () => {
    const { storage, everything } = await backends[kind]();
    await storage.put('tenders/t1/rc.pdf', Buffer.from('old'));
    const data = randomBytes(300_000);
    const { tempKey, size } = await storage.putTemporary('tenders/t1/rc.pdf', streamOf(data).stream, 300_000);
    expect(size).toBe(300_000);
    expect(tempKey).not.toBe('tenders/t1/rc.pdf');
    expect((await bytesOf(storage, 'tenders/t1/rc.pdf'))!.toString()).toBe('old');
    expect(await storage.list('tenders/t1')).toEqual([{ key: 'tenders/t1/rc.pdf', modifiedMs: expect.any(Number) }]);
    expect((await storage.readRange(tempKey, 0, 10)).equals(data.subarray(0, 10))).toBe(true);
    await storage.rename(tempKey, 'tenders/t1/rc.pdf');
    expect((await bytesOf(storage, 'tenders/t1/rc.pdf'))!.equals(data)).toBe(true);
    expect(await everything()).toEqual(['tenders/t1/rc.pdf']);
  });

  it('rejects with the source\u2019s error when the client goes mid-upload, leaving nothing', async () => {
    const { storage, everything } = await backends[kind]();
    const broken = new Readable({ read() {} });
    broken.push(randomBytes(1000));
    setTimeout(() => broken.destroy(new Error('client gone')), 10);
    await expect(storage.putTemporary('a/broken.pdf', broken, 10_000)).rejects.toThrow('client gone');
    expect(await everything()).toEqual([]);
  });

  it('reads a range: a middle, a range past the end cut short, a start past the end empty', async () => {
    const { storage } = await backends[kind]();
    const data = randomBytes(100_000);
    await storage.put('c/memoire.docx', data);
    expect((await storage.readRange('c/memoire.docx', 40_000, 22)).equals(data.subarray(40_000, 40_022))).toBe(true);
    expect((await storage.readRange('c/memoire.docx', 99_990, 100)).equals(data.subarray(99_990))).toBe(true);
    expect((await storage.readRange('c/memoire.docx', 100_000, 10)).length).toBe(0);
  });

  it('sweeps the temporary objects a crash left, only those old enough, and nothing else', async () => {
    const { storage, everything } = await backends[kind]();
    await storage.put('users/u1/picture.png', Buffer.from('png'));
    const left = await storage.putTemporary('tenders/t9/rc.pdf', streamOf(Buffer.from('half an upload')).stream, 1000);
    expect(await storage.sweepTemporary(60_000)).toBe(0);
    expect((await everything()).length).toBe(2);
    expect(await storage.sweepTemporary()).toBe(1);
    expect(await everything()).toEqual(['users/u1/picture.png']);
    expect(await storage.get(left.tempKey)).toBeUndefined();
  });

  it('lists the finished objects under a folder with when each was written', async () => {
    const { storage } = await backends[kind]();
    const before = Date.now() - 2_000;
    await storage.put('users/pictures/a.png', Buffer.from('a'));
    await storage.put('users/pictures/deep/b.png', Buffer.from('b'));
    await storage.put('users/picturesque.png', Buffer.from('c'));
    await storage.putTemporary('users/pictures/c.png', streamOf(Buffer.from('c')).stream, 10);
    const found = await storage.list('users/pictures/');
    expect(found.map((f) => f.key).sort()).toEqual(['users/pictures/a.png', 'users/pictures/deep/b.png']);
    for (const file of found) expect(file.modifiedMs).toBeGreaterThan(before);
    expect(await storage.list('nothing/here')).toEqual([]);
  });
});

describe('the S3 storage', () => {
  it('lists past one page of 1,000 keys', async () => {
    const { storage } = await backends.s3();
    const keys = Array.from({ length: 1_005 }, (_, i) => `pictures/${String(i).padStart(4, '0')}.png`);
    for (let i = 0; i < keys.length; i += 50) await Promise.all(keys.slice(i, i + 50).map((key) => storage.put(key, Buffer.from('p'))));
    expect((await storage.list('pictures')).map((f) => f.key).sort()).toEqual(keys);
  }, 60_000);

  it('keeps its temporary objects under their prefix, named by their time', async () => {
    const { storage } = await backends.s3();
    const before = Date.now();
    const { tempKey } = await storage.putTemporary('tenders/t1/rc.pdf', streamOf(Buffer.from('x')).stream, 10);
    const match = new RegExp(`^${TEMPORARY_PREFIX.replace('.', '\\.')}(\\d{13})-[0-9a-f]{12}/tenders/t1/rc\\.pdf$`).exec(tempKey);
    expect(match).not.toBeNull();
    expect(Number(match![1])).toBeGreaterThanOrEqual(before);
  });

  it('streams 50 MB up and down: never more than three parts ahead of the store, memory well under the file\u2019s size', async () => {
    const config: S3Config = { ...server.config, bucket: `test-${++buckets}` };
    const client = createS3Client(config);
    await client.send(new CreateBucketCommand({ Bucket: config.bucket }));
    // What the store has acknowledged, counted as each write returns.
    let stored = 0;
    client.middlewareStack.add(
      (next, context) => async (args) => {
        const result = await next(args);
        const body = (args.input as { Body?: unknown }).Body;
        if (['UploadPartCommand', 'PutObjectCommand'].includes(context.commandName ?? '') && Buffer.isBuffer(body)) stored += body.length;
        return result;
      },
      { step: 'initialize' },
    );
    const storage = s3Storage(config, client);
    // Sixteen blocks sent over and over: the source makes no garbage of its own to blur the measure.
    const blocks = Array.from({ length: 16 }, () => randomBytes(64 * 1024));
    let read = 0;
    let ahead = 0;
    let checkpoint: (() => void) | undefined;
    const source = (size: number, hash?: ReturnType<typeof createHash>) =>
      Readable.from(
        (function* () {
          for (let i = 0; i * 65_536 < size; i++) {
            ahead = Math.max(ahead, read - stored);
            if (checkpoint && read % (4 * 1024 * 1024) === 0) checkpoint();
            read += 65_536;
            hash?.update(blocks[i % 16]!);
            yield blocks[i % 16]!;
          }
        })(),
      );
    const roundTrip = async (size: number, hash?: ReturnType<typeof createHash>) => {
      const { tempKey } = await storage.putTemporary('tenders/big/dce.zip', source(size, hash), size);
      await storage.rename(tempKey, 'tenders/big/dce.zip');
      const found = await storage.get('tenders/big/dce.zip');
      expect(found!.size).toBe(size);
      const received = createHash('sha256');
      let got = 0;
      for await (const chunk of found!.stream) {
        received.update(chunk as Buffer);
        if (checkpoint && Math.floor((got + (chunk as Buffer).length) / (4 * 1024 * 1024)) > Math.floor(got / (4 * 1024 * 1024))) checkpoint();
        got += (chunk as Buffer).length;
      }
      return received.digest('hex');
    };
    // A first round of two parts: the allocator's and the SDK's first buffers are not the file's.
    await roundTrip(2 * PART_BYTES);
    read = stored = ahead = 0;

    const SIZE = 50 * 1024 * 1024;
    const sent = createHash('sha256');
    // After a full collection, every 4 MB sent or received: the JavaScript heap and the buffers
    // still referenced (what the process holds), and the RSS (which also keeps what the allocator
    // has not handed back). Sampled between collections, RSS wanders by tens of MB of garbage.
    setFlagsFromString('--expose-gc');
    const gc = runInNewContext('gc') as () => void;
    const measure = () => {
      gc();
      const { rss, heapUsed, arrayBuffers } = process.memoryUsage();
      return { rss, held: heapUsed + arrayBuffers };
    };
    const baseline = measure();
    const peak = { ...baseline };
    checkpoint = () => {
      const now = measure();
      peak.rss = Math.max(peak.rss, now.rss);
      peak.held = Math.max(peak.held, now.held);
    };
    try {
      expect(await roundTrip(SIZE, sent)).toBe(sent.digest('hex'));
    } finally {
      checkpoint = undefined;
    }
    const mb = (bytes: number) => bytes / 1024 / 1024;
    console.info(`50 MB up and down through the S3 storage: read at most ${mb(ahead).toFixed(1)} MB ahead of the store; held at most ${mb(peak.held - baseline.held).toFixed(1)} MB more, RSS at most ${mb(peak.rss - baseline.rss).toFixed(1)} MB more`);
    // Two parts in flight and one filling, whatever the file's size, and the SDK's own buffers.
    expect(ahead).toBeLessThanOrEqual(3 * PART_BYTES);
    expect(mb(peak.held - baseline.held)).toBeLessThan(mb(3 * PART_BYTES) + 8);
    expect(peak.rss - baseline.rss).toBeLessThan(SIZE);
  }, 120_000);

  it('says an unreachable store, a refused key and a missing bucket in words, fast', async () => {
    const closed = await new Promise<number>((resolve) => {
      const probe = createServer().listen(0, '127.0.0.1', () => {
        const { port } = probe.address() as { port: number };
        probe.close(() => resolve(port));
      });
    });
    const cases: [Partial<S3Config>, RegExp][] = [
      [{ endpoint: `http://127.0.0.1:${closed}` }, /unreachable \(ECONNREFUSED\): check S3_ENDPOINT/],
      [{ accessKeyId: 'WRONG', secretAccessKey: 'WRONG' }, /access denied: check S3_ACCESS_KEY_ID/],
      [{ bucket: 'no-such-bucket' }, /the bucket does not exist/],
    ];
    for (const [change, message] of cases) {
      const storage = s3Storage({ ...server.config, ...change });
      const started = Date.now();
      const error = await storage.list('users').then(() => undefined, (e: unknown) => e);
      expect(error).toBeInstanceOf(ObjectStorageError);
      expect((error as Error).message).toMatch(message);
      expect((error as Error).message).toContain('Object storage: listing users/ in bucket');
      expect(Date.now() - started).toBeLessThan(10_000);
    }
  });
});

describe('the storage\u2019s configuration', () => {
  const problems = (env: Record<string, string>) => {
    try {
      loadConfig(env);
      return [];
    } catch (error) {
      return (error as ConfigError).problems;
    }
  };

  it('is the local disk by default, a bucket with STORAGE=s3', () => {
    expect(loadConfig({}).storage).toEqual({ kind: 'local' });
    expect(loadConfig({ STORAGE: 's3', S3_BUCKET: 'soumissio', S3_ENDPOINT: 'http://127.0.0.1:9000', S3_ACCESS_KEY_ID: 'k', S3_SECRET_ACCESS_KEY: 's', S3_FORCE_PATH_STYLE: '1' }).storage).toEqual({
      kind: 's3',
      bucket: 'soumissio',
      endpoint: 'http://127.0.0.1:9000',
      region: 'us-east-1',
      accessKeyId: 'k',
      secretAccessKey: 's',
      forcePathStyle: true,
    });
  });

  it('names a missing bucket, half a key pair, a wrong endpoint or kind, and S3 settings left without STORAGE=s3', () => {
    expect(problems({ STORAGE: 's3', S3_ACCESS_KEY_ID: 'k', S3_ENDPOINT: 'minio:9000', S3_FORCE_PATH_STYLE: 'yes' }).map((p) => p.split(':')[0]).sort()).toEqual(['S3_ACCESS_KEY_ID', 'S3_BUCKET', 'S3_ENDPOINT', 'S3_FORCE_PATH_STYLE']);
    expect(problems({ STORAGE: 'gcs' })).toEqual(['STORAGE: local (DATA_DIR/files) or s3, not gcs']);
    expect(problems({ S3_BUCKET: 'soumissio' })).toEqual(['STORAGE: s3 to use the bucket that S3_BUCKET describes (local, the default, keeps files in DATA_DIR/files)']);
  });
});

describe('npm run storage:to-s3', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestApp();
    await seed(ctx.db, { demo: true, storage: localStorage(ctx.filesDir), print: () => undefined });
  }, 120_000);
  afterAll(() => ctx?.close());

  const run = (config: S3Config) =>
    spawnSync('node_modules/.bin/tsx', ['scripts/storage-to-s3.ts'], { env: { ...process.env, DATABASE_URL: '', DATA_DIR: ctx.dataDir, ...s3Env(config), STORAGE: '' }, encoding: 'utf8', timeout: 120_000 });

  it('moves a demo installation\u2019s files to the bucket, checks them, skips them when run again, and the app serves them from there', async () => {
    const config: S3Config = { ...server.config, bucket: 'demo' };
    await createS3Client(config).send(new CreateBucketCommand({ Bucket: config.bucket }));
    const files = filesUnder(ctx.filesDir);
    expect(files.length).toBeGreaterThan(5);

    const first = run(config);
    expect(first.status, first.stdout + first.stderr).toBe(0);
    expect(first.stdout).toContain(`Copied ${files.length}, already there 0.`);
    expect(first.stdout).toContain(`All ${files.length} objects match their files (size and SHA-256).`);
    const again = run(config);
    expect(again.status, again.stdout + again.stderr).toBe(0);
    expect(again.stdout).toContain(`Copied 0, already there ${files.length}.`);

    // The app on the bucket: the demo manager reads a DCE document and downloads it.
    const app = await buildApp({ db: ctx.db, dbKind: ctx.dbKind, jwtSecret: ctx.jwtSecret, storage: s3Storage(config), jobWorkers: 0, soffice: null });
    try {
      const login = await app.inject({ method: 'POST', url: '/api/users/login', payload: { email: DEMO_ACCOUNTS.manager.email, password: DEMO_ACCOUNTS.manager.password } });
      expect(login.statusCode, login.body).toBe(200);
      const headers = { authorization: `Bearer ${(login.json() as { token: string }).token}` };
      const [doc] = await ctx.db.select().from(tenderDocuments).where(eq(tenderDocuments.mime, 'application/pdf')).limit(1);
      const read = await app.inject({ method: 'GET', url: `/api/tenderDocs/${doc!.id}?companyId=${doc!.companyId}`, headers });
      expect(read.statusCode, read.body).toBe(200);
      const download = await app.inject({ method: 'GET', url: `/api/tenderDocs/${doc!.id}/file?companyId=${doc!.companyId}`, headers });
      expect(download.statusCode).toBe(200);
      expect(download.rawPayload.equals(readFileSync(join(ctx.filesDir, doc!.storageKey)))).toBe(true);
      expect(createHash('sha256').update(download.rawPayload).digest('hex')).toBe(doc!.sha256);
    } finally {
      await app.close();
    }

    // An object of another size is copied again; one with the same size and the SHA-256 it
    // claims but other bytes (a damaged object) is found by the check, named, and fails the command.
    const [changed, damaged] = files;
    await createS3Client(config).send(new PutObjectCommand({ Bucket: config.bucket, Key: changed, Body: Buffer.from('not the file') }));
    const local = readFileSync(join(ctx.filesDir, damaged!));
    await createS3Client(config).send(new PutObjectCommand({ Bucket: config.bucket, Key: damaged, Body: randomBytes(local.length), Metadata: { sha256: createHash('sha256').update(local).digest('hex') } }));
    const checked = run(config);
    expect(checked.status).toBe(1);
    expect(checked.stdout).toContain(`Copied 1, already there ${files.length - 1}.`);
    expect(checked.stdout).toContain(`MISMATCH ${damaged}: other bytes in the bucket`);
    expect(checked.stdout).toContain(`1 of ${files.length} objects differ from their files`);
  }, 180_000);
});
