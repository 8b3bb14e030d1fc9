// `npm run bench:uploads`: where the time of an upload goes, on the same 50 MB of bytes, in one run.
// Each step adds one piece of what POST /api/tenderDocs does, so the differences are its costs:
//  1. fs.copyFile (in-kernel copy from the page cache) and SHA-256 of the bytes in memory;
//  2. a bare HTTP route streaming the request body to a file (no parsing);
//  3. the same body as multipart/form-data through Fastify and @fastify/multipart, streamed to a file;
//  4. (3) through the server's own receiveUpload: size limit, SHA-256, first bytes kept, temporary file;
//  5. (4) and the magic-byte check (identifyUpload) on what was kept.
// Client and server share this process (and the machine's two cores): ratios within the run are what count.
import { copyFileSync, createWriteStream, mkdtempSync, rmSync, statSync, writeFileSync, readFileSync } from 'node:fs';
import { createHash, randomBytes } from 'node:crypto';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pipeline } from 'node:stream/promises';
import type { AddressInfo } from 'node:net';
import Fastify from 'fastify';
import multipart from '@fastify/multipart';
import { localStorage } from '../server/storage/local';
import { identifyUpload, receiveUpload } from '../server/files/intake';
import { median } from './lib';

const BYTES = 50_000_000;
const RUNS = Number(process.env.BENCH_UPLOAD_RUNS ?? 3);
const mbps = (ms: number) => BYTES / 1e6 / (ms / 1000);

async function timed(run: () => Promise<void> | void): Promise<number> {
  const times: number[] = [];
  for (let i = 0; i < RUNS; i++) {
    const started = performance.now();
    await run();
    times.push(performance.now() - started);
  }
  return median(times);
}

export async function uploadCosts(report: (line: string) => void) {
  const work = mkdtempSync(join(tmpdir(), 'soumissio-bench-uploads-'));
  try {
    const file = join(work, 'dce.pdf');
    const data = Buffer.concat([Buffer.from('%PDF-1.7\n'), randomBytes(BYTES - 9)]);
    writeFileSync(file, data);
    const target = join(work, 'out.bin');
    const written = () => {
      if (statSync(target).size < BYTES) throw new Error('short write');
      rmSync(target);
    };

    const copy = await timed(() => {
      copyFileSync(file, target);
      written();
    });
    const hash = await timed(() => {
      createHash('sha256').update(readFileSync(file)).digest('hex');
    });

    // 2. Bare streaming write: Fastify hands the raw request body, unparsed, to a file.
    const bare = Fastify({ logger: false, bodyLimit: BYTES * 2 });
    bare.addContentTypeParser('application/octet-stream', (_request, _payload, done) => done(null));
    bare.post('/', async (request) => {
      await pipeline(request.raw, createWriteStream(target));
      return 'ok';
    });
    await bare.listen({ port: 0, host: '127.0.0.1' });
    const bareUrl = `http://127.0.0.1:${(bare.server.address() as AddressInfo).port}/`;
    const bareMs = await timed(async () => {
      const res = await fetch(bareUrl, { method: 'POST', headers: { 'content-type': 'application/octet-stream' }, body: data });
      await res.text();
      if (!res.ok) throw new Error(`the bare write answered ${res.status}`);
      written();
    });
    await bare.close();

    // 3–5. Fastify with the multipart plugin, as the server registers it.
    const storage = localStorage(join(work, 'files'));
    const app = Fastify({ logger: false, bodyLimit: BYTES * 2 });
    await app.register(multipart, { limits: { fileSize: BYTES * 2, files: 1 } });
    app.post('/plain', async (request) => {
      for await (const part of request.parts()) if (part.type === 'file') await pipeline(part.file, createWriteStream(target));
      return 'ok';
    });
    app.post('/intake', async (request) => {
      for await (const part of request.parts()) {
        if (part.type !== 'file') continue;
        const upload = await receiveUpload(storage, `bench/${randomBytes(6).toString('hex')}`, part.file, { maxBytes: BYTES * 2 });
        if (request.query && (request.query as { sniff?: string }).sniff) await identifyUpload(upload);
        await upload.discard();
      }
      return 'ok';
    });
    await app.listen({ port: 0, host: '127.0.0.1' });
    const base = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
    const post = async (path: string) => {
      const form = new FormData();
      form.append('tenderId', '00000000-0000-4000-8000-000000000000');
      form.append('file', new Blob([data], { type: 'application/pdf' }), 'DCE.pdf');
      const res = await fetch(base + path, { method: 'POST', body: form });
      await res.text();
      if (!res.ok) throw new Error(`${path} answered ${res.status}`);
    };
    const plainMs = await timed(async () => {
      await post('/plain');
      written();
    });
    const intakeMs = await timed(() => post('/intake'));
    const sniffMs = await timed(() => post('/intake?sniff=1'));
    await app.close();

    const line = (name: string, ms: number, ofBare = true) =>
      `  ${name.padEnd(56)} ${mbps(ms).toFixed(0).padStart(6)} MB/s  (${ms.toFixed(0)} ms${ofBare ? `; ${((100 * copy) / ms).toFixed(0)} % of fs.copyFile, ${((100 * bareMs) / ms).toFixed(0)} % of the bare streaming write` : ''})`;
    report(`Upload of ${BYTES / 1e6} MB, where the time goes (median of ${RUNS}, client in the same process):`);
    report(line('fs.copyFile', copy, false));
    report(line('SHA-256 of the bytes in memory', hash, false));
    report(line('bare HTTP streaming write (no parsing)', bareMs));
    report(line('multipart (Fastify + @fastify/multipart) to a file', plainMs));
    report(line('+ receiveUpload (limit, SHA-256, first bytes, temp file)', intakeMs));
    report(line('+ magic-byte check (identifyUpload)', sniffMs));
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  await uploadCosts((line) => console.info(line));
}
