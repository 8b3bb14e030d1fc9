// The folder as a ZIP, streamed (issue 26): each file stored as it is (PDFs, DOCX and XLSX are
// compressed already: deflating them again costs time for nothing), read from storage chunk by
// chunk so the server's memory stays flat whatever the folder's size, each file's SHA-256 and size
// computed on the way for the deposit's record.
import { createHash } from 'node:crypto';
import { once } from 'node:events';
import { PassThrough, type Readable } from 'node:stream';
import { Zip, ZipPassThrough } from 'fflate';

export type ZipSource = { path: string; open: () => Promise<AsyncIterable<Uint8Array | Buffer> | Uint8Array> };
export type ZippedFile = { path: string; bytes: number; sha256: string };

export function zipStream(files: ZipSource[], options: { mtime: Date; onFile?: (file: ZippedFile) => void }): Readable {
  const out = new PassThrough();
  const zip = new Zip((error, chunk, final) => {
    if (error) return out.destroy(error);
    out.write(chunk);
    if (final) out.end();
  });
  void (async () => {
    for (const file of files) {
      const entry = new ZipPassThrough(file.path);
      entry.mtime = options.mtime;
      zip.add(entry);
      const hash = createHash('sha256');
      let bytes = 0;
      const body = await file.open();
      for await (const chunk of body instanceof Uint8Array ? [body] : body) {
        const data = chunk instanceof Uint8Array ? chunk : new Uint8Array(chunk);
        hash.update(data);
        bytes += data.length;
        entry.push(data);
        // The client reads slower than the disk: wait rather than buffer the folder.
        if (out.writableNeedDrain) await once(out, 'drain');
      }
      entry.push(new Uint8Array(0), true);
      options.onFile?.({ path: file.path, bytes, sha256: hash.digest('hex') });
    }
    zip.end();
  })().catch((error: unknown) => out.destroy(error as Error));
  return out;
}
