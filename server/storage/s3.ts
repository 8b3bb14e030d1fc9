// The storage on an S3-compatible object store (AWS S3, MinIO, Garage, Ceph's RGW, Scaleway,
// OVH…) through the official AWS SDK v3, for several processes sharing one set of files
// (issue 27). Uploads stream in parts and reads are ranged: no file is ever held whole in memory.
import { randomBytes } from 'node:crypto';
import { Transform, pipeline, type Readable } from 'node:stream';
import { CopyObjectCommand, DeleteObjectCommand, GetObjectCommand, ListObjectsV2Command, PutObjectCommand, S3Client } from '@aws-sdk/client-s3';
import { Upload } from '@aws-sdk/lib-storage';
import { AppError } from '../errors';
import type { Storage } from './storage';

export type S3Config = {
  /** Unset: AWS's own endpoint for the region. */
  endpoint?: string;
  bucket: string;
  region: string;
  /** Unset: the SDK's own chain (AWS_* variables, the instance's role). */
  accessKeyId?: string;
  secretAccessKey?: string;
  /** `host/bucket/key` addresses instead of `bucket.host/key`: what most self-hosted servers need. */
  forcePathStyle: boolean;
};

/**
 * Temporary objects live under their own prefix, named by the time they were started
 * (`.tmp/<ms, 13 digits>-<random>/<key>`): the listing comes back oldest first, so a sweep stops
 * at the first one too young, and `list` of a folder never sees them. The server writes no key
 * that starts with a dot.
 */
export const TEMPORARY_PREFIX = '.tmp/';
const temporaryKey = (key: string) => `${TEMPORARY_PREFIX}${String(Date.now()).padStart(13, '0')}-${randomBytes(6).toString('hex')}/${key}`;
const startedAt = (tempKey: string) => Number(tempKey.slice(TEMPORARY_PREFIX.length, TEMPORARY_PREFIX.length + 13));

/** Parts of 8 MB, two in flight: an upload holds about 16 to 24 MB, whatever the file's size. */
export const PART_BYTES = 8 * 1024 * 1024;
const PARTS_IN_FLIGHT = 2;

/** The store failed (unreachable, access refused, no such bucket): said in words an operator acts on. */
export class ObjectStorageError extends Error {}

/** The SDK's client with timeouts: an unreachable or silent store fails in seconds, never hangs. */
export function createS3Client(config: S3Config): S3Client {
  return new S3Client({
    endpoint: config.endpoint,
    region: config.region,
    forcePathStyle: config.forcePathStyle,
    credentials: config.accessKeyId && config.secretAccessKey ? { accessKeyId: config.accessKeyId, secretAccessKey: config.secretAccessKey } : undefined,
    // Checksums only where S3 requires them: the SDK's newer default (CRC32 on every request,
    // streamed as aws-chunked trailers) is refused by many S3-compatible servers.
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
    maxAttempts: 3,
    // A connection that does not open in 5 s, or a socket silent for 2 minutes (a download whose
    // client stopped reading included), fails the request.
    requestHandler: { connectionTimeout: 5_000, socketTimeout: 120_000 },
  });
}

type SdkError = { name?: string; code?: string; message?: string; $metadata?: { httpStatusCode?: number } };
const statusOf = (error: unknown) => (error as SdkError).$metadata?.httpStatusCode;
const isMissing = (error: unknown) => (error as SdkError).name === 'NoSuchKey' || ((error as SdkError).name === 'NotFound' && statusOf(error) === 404);

/** The SDK's error, said with the bucket, the endpoint and what to check. */
export function storageError(config: S3Config, what: string, error: unknown): Error {
  if (error instanceof AppError || error instanceof ObjectStorageError) return error;
  const { name = 'Error', code, message } = error as SdkError;
  const status = statusOf(error);
  const where = `bucket ${config.bucket} at ${config.endpoint ?? `AWS (${config.region})`}`;
  let reason: string;
  if (status === 403 || ['AccessDenied', 'InvalidAccessKeyId', 'SignatureDoesNotMatch'].includes(name)) reason = 'access denied: check S3_ACCESS_KEY_ID, S3_SECRET_ACCESS_KEY and the bucket\u2019s policy';
  else if (name === 'NoSuchBucket') reason = 'the bucket does not exist: create it, or check S3_BUCKET';
  else if (name === 'TimeoutError' || ['ECONNREFUSED', 'ENOTFOUND', 'EAI_AGAIN', 'ETIMEDOUT', 'ECONNRESET', 'EHOSTUNREACH'].includes(code ?? '')) reason = `the store is unreachable (${code ?? name}): check S3_ENDPOINT and the network`;
  else reason = `${name}${status ? ` (HTTP ${status})` : ''}: ${message ?? ''}`;
  return new ObjectStorageError(`Object storage: ${what} in ${where} failed: ${reason}`, { cause: error });
}

/** CopySource is `bucket/key` with the key URL-encoded, its slashes kept. */
const copySource = (bucket: string, key: string) => `${bucket}/${encodeURIComponent(key).replace(/%2F/g, '/')}`;

export function s3Storage(config: S3Config, client: S3Client = createS3Client(config)): Storage {
  const Bucket = config.bucket;
  const attempt = async <T>(what: string, run: () => Promise<T>): Promise<T> => {
    try {
      return await run();
    } catch (error) {
      throw storageError(config, what, error);
    }
  };
  const remove = (key: string) => attempt(`deleting ${key}`, () => client.send(new DeleteObjectCommand({ Bucket, Key: key })));
  /** Every object under a prefix, page after page (1,000 keys a page), in key order. */
  async function* objects(prefix: string) {
    let ContinuationToken: string | undefined;
    do {
      const page = await attempt(`listing ${prefix || 'the bucket'}`, () => client.send(new ListObjectsV2Command({ Bucket, Prefix: prefix, ContinuationToken })));
      for (const object of page.Contents ?? []) if (object.Key) yield { key: object.Key, modifiedMs: object.LastModified?.getTime() ?? 0 };
      ContinuationToken = page.IsTruncated ? page.NextContinuationToken : undefined;
    } while (ContinuationToken);
  }

  return {
    async put(key, data) {
      // One PUT: S3 stores an object whole or not at all.
      await attempt(`writing ${key}`, () => client.send(new PutObjectCommand({ Bucket, Key: key, Body: data, ContentLength: data.length })));
    },
    async get(key) {
      try {
        const object = await client.send(new GetObjectCommand({ Bucket, Key: key }));
        return { stream: object.Body as Readable, size: object.ContentLength ?? 0 };
      } catch (error) {
        if (isMissing(error)) return undefined;
        throw storageError(config, `reading ${key}`, error);
      }
    },
    async delete(key) {
      await remove(key);
    },
    async putTemporary(key, stream, maxBytes) {
      const tempKey = temporaryKey(key);
      let size = 0;
      // Past the limit chunks are dropped but still read (a multipart parser stalls on a part
      // nobody reads): at most maxBytes reach the store, and that object is removed below.
      const limit = new Transform({
        transform(chunk: Buffer, _encoding, done) {
          size += chunk.length;
          done(null, size > maxBytes ? undefined : chunk);
        },
      });
      let sourceError: Error | undefined;
      const body = pipeline(stream, limit, (error) => {
        if (error) sourceError = error;
      });
      try {
        await new Upload({ client, params: { Bucket, Key: tempKey, Body: body }, partSize: PART_BYTES, queueSize: PARTS_IN_FLIGHT }).done();
      } catch (error) {
        body.destroy();
        await remove(tempKey).catch(() => undefined);
        // The client gone mid-upload is the cause, not the aborted upload it led to.
        throw sourceError ?? storageError(config, `writing ${tempKey}`, error);
      }
      if (size > maxBytes) {
        await remove(tempKey);
        throw new AppError(413, 'common-invalid_file_size');
      }
      return { tempKey, size };
    },
    async rename(fromKey, toKey) {
      // S3 has no rename: a server-side copy, then the source removed. Readers of `toKey` still
      // see the old object or the new one whole, never a part (a copy lands in one step, as a
      // PUT does). A crash between the two leaves the source, a temporary object the sweep removes.
      // One CopyObject copies up to 5 GB: more than any upload or deposited folder is allowed.
      await attempt(`copying ${fromKey} to ${toKey}`, () => client.send(new CopyObjectCommand({ Bucket, Key: toKey, CopySource: copySource(Bucket, fromKey) })));
      await remove(fromKey);
    },
    async readRange(key, position, length) {
      if (length <= 0) return Buffer.alloc(0);
      try {
        const object = await client.send(new GetObjectCommand({ Bucket, Key: key, Range: `bytes=${position}-${position + length - 1}` }));
        return Buffer.from(await object.Body!.transformToByteArray());
      } catch (error) {
        // A range starting past the end: nothing to read, as from a file.
        if (statusOf(error) === 416 || (error as SdkError).name === 'InvalidRange') return Buffer.alloc(0);
        throw storageError(config, `reading ${key} from byte ${position}`, error);
      }
    },
    async list(prefix) {
      const folder = prefix.replace(/\/+$/, '');
      const found: { key: string; modifiedMs: number }[] = [];
      for await (const object of objects(folder ? `${folder}/` : '')) if (!object.key.startsWith(TEMPORARY_PREFIX)) found.push(object);
      return found;
    },
    async sweepTemporary(olderThanMs = 0) {
      const cutoff = Date.now() - olderThanMs;
      let removed = 0;
      for await (const object of objects(TEMPORARY_PREFIX)) {
        // Oldest first, and an object is written after it was started: the rest are younger.
        if (startedAt(object.key) > cutoff) break;
        if (object.modifiedMs > cutoff) continue;
        await remove(object.key);
        removed++;
      }
      return removed;
    },
  };
}
