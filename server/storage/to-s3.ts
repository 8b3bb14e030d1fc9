// Moving an installation's files from DATA_DIR/files to a bucket (`npm run storage:to-s3`):
// each file streamed up, then every object read back and checked against its file. Run it again
// after an interruption: what is already there whole is not sent twice.
import { createHash } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { readdir } from 'node:fs/promises';
import { join, relative, sep } from 'node:path';
import type { Readable } from 'node:stream';
import { GetObjectCommand, HeadObjectCommand, type S3Client } from '@aws-sdk/client-s3';
import { Upload } from '@aws-sdk/lib-storage';
import { temporaryName } from './local';
import { createS3Client, PART_BYTES, storageError, type S3Config } from './s3';

export type MoveSummary = { files: number; bytes: number; copied: number; alreadyThere: number; mismatches: string[] };

type LocalFile = { key: string; path: string; size: number; sha256: string; md5: string };

/** Files at once: enough to hide each request's latency, few enough for a small machine. */
const AT_ONCE = 4;

async function digest(stream: Readable) {
  const sha256 = createHash('sha256');
  const md5 = createHash('md5');
  let size = 0;
  for await (const chunk of stream as AsyncIterable<Buffer>) {
    sha256.update(chunk);
    md5.update(chunk);
    size += chunk.length;
  }
  return { size, sha256: sha256.digest('hex'), md5: md5.digest('hex') };
}

/** Runs `work` on each item, `AT_ONCE` at a time. */
async function eachAtOnce<T>(items: T[], work: (item: T) => Promise<void>) {
  let next = 0;
  await Promise.all(Array.from({ length: Math.min(AT_ONCE, items.length) }, async () => {
    while (next < items.length) await work(items[next++]!);
  }));
}

/** The finished files under the folder (not the temporary ones an upload in progress or a crash left). */
async function localFiles(filesDir: string): Promise<LocalFile[]> {
  let entries;
  try {
    entries = await readdir(filesDir, { recursive: true, withFileTypes: true });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return [];
    throw error;
  }
  const files: LocalFile[] = [];
  for (const entry of entries) {
    if (!entry.isFile() || temporaryName.test(entry.name)) continue;
    const path = join(entry.parentPath, entry.name);
    files.push({ key: relative(filesDir, path).split(sep).join('/'), path, ...(await digest(createReadStream(path))) });
  }
  return files.sort((a, b) => a.key.localeCompare(b.key));
}

/** Already in the bucket whole: same size, and the SHA-256 this command wrote or an MD5 ETag (a single PUT's) that matches. */
async function alreadyThere(client: S3Client, config: S3Config, file: LocalFile): Promise<boolean> {
  try {
    const head = await client.send(new HeadObjectCommand({ Bucket: config.bucket, Key: file.key }));
    if (head.ContentLength !== file.size) return false;
    return head.Metadata?.sha256 === file.sha256 || head.ETag?.replace(/"/g, '') === file.md5;
  } catch (error) {
    const { name, $metadata } = error as { name?: string; $metadata?: { httpStatusCode?: number } };
    if (name === 'NotFound' || $metadata?.httpStatusCode === 404) return false;
    throw storageError(config, `looking for ${file.key}`, error);
  }
}

export async function moveFilesToBucket(filesDir: string, config: S3Config, print: (line: string) => void, client: S3Client = createS3Client(config)): Promise<MoveSummary> {
  const files = await localFiles(filesDir);
  const bytes = files.reduce((sum, f) => sum + f.size, 0);
  print(`${files.length} files (${(bytes / 1e6).toFixed(1)} MB) in ${filesDir} → bucket ${config.bucket} at ${config.endpoint ?? `AWS (${config.region})`}`);
  let copied = 0;
  let skipped = 0;
  await eachAtOnce(files, async (file) => {
    if (await alreadyThere(client, config, file)) {
      skipped++;
      return;
    }
    try {
      await new Upload({
        client,
        params: { Bucket: config.bucket, Key: file.key, Body: createReadStream(file.path), Metadata: { sha256: file.sha256 } },
        partSize: PART_BYTES,
        queueSize: 2,
      }).done();
    } catch (error) {
      throw storageError(config, `writing ${file.key}`, error);
    }
    copied++;
  });
  print(`Copied ${copied}, already there ${skipped}. Checking every object against its file…`);

  // Read back whole: the bucket's own size and ETag would only repeat what was sent.
  const mismatches: string[] = [];
  await eachAtOnce(files, async (file) => {
    let found: { size: number; sha256: string };
    try {
      const object = await client.send(new GetObjectCommand({ Bucket: config.bucket, Key: file.key }));
      found = await digest(object.Body as Readable);
    } catch (error) {
      const missing = (error as { name?: string }).name === 'NoSuchKey';
      mismatches.push(`${file.key}: ${missing ? 'missing from the bucket' : storageError(config, `reading ${file.key}`, error).message}`);
      return;
    }
    if (found.size !== file.size) mismatches.push(`${file.key}: ${found.size} bytes in the bucket, ${file.size} on disk`);
    else if (found.sha256 !== file.sha256) mismatches.push(`${file.key}: other bytes in the bucket (SHA-256 ${found.sha256.slice(0, 12)}…, ${file.sha256.slice(0, 12)}… on disk)`);
  });
  mismatches.sort();
  for (const line of mismatches) print(`MISMATCH ${line}`);
  print(mismatches.length ? `${mismatches.length} of ${files.length} objects differ from their files: remove them from the bucket and run the command again.` : `All ${files.length} objects match their files (size and SHA-256).`);
  return { files: files.length, bytes, copied, alreadyThere: skipped, mismatches };
}
