// `npm run bench:storage`: a 50 MB file uploaded (putTemporary, then rename into place, as an
// upload is committed) and downloaded (get, streamed to the end) through the app's storage, on
// the local disk and on an S3-compatible server (s3rver in a child process on this machine, as in
// the tests), in the same run: MB/s of each and the S3 storage's share of the disk's. Prints
// figures, never fails on a slow machine. BENCH_STORAGE_MB and BENCH_STORAGE_RUNS make it smaller.
import { mkdtempSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { randomBytes } from 'node:crypto';
import { localStorage } from '../server/storage/local';
import { s3Storage } from '../server/storage/s3';
import type { Storage } from '../server/storage/storage';
import { startS3Server } from '../tests/support/s3-server';
import { median } from './lib';

const MB = Number(process.env.BENCH_STORAGE_MB ?? 50);
const RUNS = Number(process.env.BENCH_STORAGE_RUNS ?? 3);
const BYTES = MB * 1024 * 1024;
const CHUNK = 64 * 1024;

async function measure(storage: Storage, data: Buffer) {
  const up: number[] = [];
  const renames: number[] = [];
  const down: number[] = [];
  for (let run = 0; run < RUNS; run++) {
    // The chunks a multipart part delivers, from memory: the figure is the storage's.
    const source = Readable.from((function* () {
      for (let at = 0; at < data.length; at += CHUNK) yield data.subarray(at, at + CHUNK);
    })());
    let started = performance.now();
    const { tempKey } = await storage.putTemporary('bench/dce.zip', source, BYTES);
    const renaming = performance.now();
    await storage.rename(tempKey, 'bench/dce.zip');
    renames.push(performance.now() - renaming);
    up.push(performance.now() - started);

    started = performance.now();
    const found = await storage.get('bench/dce.zip');
    let received = 0;
    for await (const chunk of found!.stream) received += (chunk as Buffer).length;
    if (received !== BYTES) throw new Error(`read ${received} bytes of ${BYTES}`);
    down.push(performance.now() - started);
    await storage.delete('bench/dce.zip');
  }
  return { up: median(up), rename: median(renames), down: median(down) };
}

const rate = (ms: number) => BYTES / 1e6 / (ms / 1000);

async function main() {
  console.info(`bench:storage, ${MB} MB, median of ${RUNS}, load ${loadavg()[0]!.toFixed(1)}`);
  const data = randomBytes(BYTES);
  const dir = mkdtempSync(join(tmpdir(), 'soumissio-bench-storage-'));
  const server = await startS3Server('bench');
  try {
    const local = await measure(localStorage(dir), data);
    const s3 = await measure(s3Storage(server.config), data);
    const line = (name: string, ms: number, base?: number) =>
      `  ${name.padEnd(34)} ${rate(ms).toFixed(0).padStart(6)} MB/s  (${ms.toFixed(0)} ms${base === undefined ? '' : `; ${((100 * base) / ms).toFixed(0)} % of the local disk's`})`;
    console.info(line('upload, local disk', local.up));
    console.info(line('upload, S3 (s3rver on loopback)', s3.up, local.up));
    console.info(`    of which the rename: ${local.rename.toFixed(0)} ms on disk, ${s3.rename.toFixed(0)} ms on S3 (a server-side copy, then a delete)`);
    console.info(line('download, local disk', local.down));
    console.info(line('download, S3 (s3rver on loopback)', s3.down, local.down));
  } finally {
    await server.stop();
    rmSync(dir, { recursive: true, force: true });
  }
}

await main();
