// The folder as a ZIP, streamed (issue 26): each file stored as it is (PDFs, DOCX and XLSX are
// compressed already: deflating them again costs time for nothing), read from storage chunk by
// chunk so the server's memory stays flat whatever the folder's size, each file's SHA-256 and size
// computed on the way for the deposit's record.
//
// Written here rather than with fflate's streaming Zip: its CRC-32 runs in JavaScript, at about
// 325 MB/s on our machines — the whole budget of a bare `zip` (bench:submission); Node's
// zlib.crc32 is native. A stored entry needs nothing else: a header, the bytes, a data descriptor
// with the CRC and the size, and the central directory at the end (APPNOTE 6.3.10, §4.3).
import { createHash } from 'node:crypto';
import { once } from 'node:events';
import { PassThrough, type Readable } from 'node:stream';
import { crc32 } from 'node:zlib';

export type ZipSource = { path: string; open: () => Promise<AsyncIterable<Uint8Array | Buffer> | Uint8Array> };
export type ZippedFile = { path: string; bytes: number; sha256: string };

/** Bit 3: sizes and CRC follow the data; bit 11: the name is UTF-8. */
const FLAGS = 0x0808;
const VERSION = 20;
/** Without ZIP64, an entry and the archive stay under 4 GiB (a platform takes 1 GB at most). */
const MAX_BYTES = 0xffffffff;

function dosTime(at: Date): { time: number; date: number } {
  return {
    time: (at.getHours() << 11) | (at.getMinutes() << 5) | Math.floor(at.getSeconds() / 2),
    date: (Math.max(0, at.getFullYear() - 1980) << 9) | ((at.getMonth() + 1) << 5) | at.getDate(),
  };
}

function localHeader(name: Buffer, stamp: { time: number; date: number }): Buffer {
  const header = Buffer.alloc(30);
  header.writeUInt32LE(0x04034b50, 0);
  header.writeUInt16LE(VERSION, 4);
  header.writeUInt16LE(FLAGS, 6);
  header.writeUInt16LE(0, 8);
  header.writeUInt16LE(stamp.time, 10);
  header.writeUInt16LE(stamp.date, 12);
  header.writeUInt16LE(name.length, 26);
  return Buffer.concat([header, name]);
}

function dataDescriptor(crc: number, size: number): Buffer {
  const descriptor = Buffer.alloc(16);
  descriptor.writeUInt32LE(0x08074b50, 0);
  descriptor.writeUInt32LE(crc, 4);
  descriptor.writeUInt32LE(size, 8);
  descriptor.writeUInt32LE(size, 12);
  return descriptor;
}

type Entry = { name: Buffer; crc: number; size: number; offset: number };

function centralDirectory(entries: Entry[], stamp: { time: number; date: number }, offset: number): Buffer {
  const records = entries.map((entry) => {
    const record = Buffer.alloc(46);
    record.writeUInt32LE(0x02014b50, 0);
    record.writeUInt16LE(VERSION, 4);
    record.writeUInt16LE(VERSION, 6);
    record.writeUInt16LE(FLAGS, 8);
    record.writeUInt16LE(0, 10);
    record.writeUInt16LE(stamp.time, 12);
    record.writeUInt16LE(stamp.date, 14);
    record.writeUInt32LE(entry.crc, 16);
    record.writeUInt32LE(entry.size, 20);
    record.writeUInt32LE(entry.size, 24);
    record.writeUInt16LE(entry.name.length, 28);
    record.writeUInt32LE(entry.offset, 42);
    return Buffer.concat([record, entry.name]);
  });
  const directory = Buffer.concat(records);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(entries.length, 8);
  end.writeUInt16LE(entries.length, 10);
  end.writeUInt32LE(directory.length, 12);
  end.writeUInt32LE(offset, 16);
  return Buffer.concat([directory, end]);
}

export function zipStream(files: ZipSource[], options: { mtime: Date; onFile?: (file: ZippedFile) => void }): Readable {
  // A megabyte in flight: fewer pauses than the 16 KiB default, still flat whatever the folder's size.
  const out = new PassThrough({ highWaterMark: 1024 * 1024 });
  const stamp = dosTime(options.mtime);
  let offset = 0;
  const write = async (chunk: Uint8Array) => {
    offset += chunk.length;
    if (offset > MAX_BYTES) throw new Error('zip over 4 GiB');
    // The client reads slower than the disk: wait rather than buffer the folder.
    if (!out.write(chunk)) await once(out, 'drain');
  };
  void (async () => {
    const entries: Entry[] = [];
    for (const file of files) {
      const name = Buffer.from(file.path, 'utf8');
      const entry: Entry = { name, crc: 0, size: 0, offset };
      await write(localHeader(name, stamp));
      // Hashed only for a deposit's record: a download need not pay for it.
      const hash = options.onFile ? createHash('sha256') : null;
      const body = await file.open();
      for await (const chunk of body instanceof Uint8Array ? [body] : body) {
        const data = chunk instanceof Uint8Array ? chunk : new Uint8Array(chunk);
        entry.crc = crc32(data, entry.crc);
        entry.size += data.length;
        hash?.update(data);
        await write(data);
      }
      await write(dataDescriptor(entry.crc, entry.size));
      entries.push(entry);
      if (hash) options.onFile?.({ path: file.path, bytes: entry.size, sha256: hash.digest('hex') });
    }
    out.end(centralDirectory(entries, stamp, offset));
  })().catch((error: unknown) => out.destroy(error as Error));
  return out;
}

// ------------------------------------------------------------------------------------------------
// Where each file goes in the ZIP: the RC's own folders and names when it gives them (issue 26).

/** The two parts' folders when the RC names none ("Le pli doit contenir deux dossiers distincts"). */
export const PART_FOLDERS = { candidature: '1 - Candidature', offre: '2 - Offre' } as const;
export type Part = keyof typeof PART_FOLDERS;

const CANDIDATURE_WORDS = /candidature|administratif|administrative|capacit/i;
const OFFER_WORDS = /\boffres?\b|technique|financi|prix/i;

/**
 * The RC's folder names for the candidature and the offer, mapped by their words ("Pièces
 * administratives", "Offre technique et financière"), or null when they cannot be told apart.
 */
export function rcFolders(names: string[] | undefined): Record<Part, string> | null {
  if (!names || names.length < 2) return null;
  const candidature = names.find((name) => CANDIDATURE_WORDS.test(name) && !/\boffres?\b/i.test(name));
  const offre = names.find((name) => name !== candidature && OFFER_WORDS.test(name));
  return candidature && offre ? { candidature, offre } : null;
}

/** A folder or file name without the characters ZIP readers and Windows refuse. */
const safeName = (name: string) => name.replace(/[\\/:*?"<>|]+/g, '-').replace(/\s+/g, ' ').trim();

/** A file's place: its part's folder, and its piece's code as name when the RC names files so. */
export function zipPath(part: Part, fileName: string, options: { folders?: Record<Part, string> | null; code?: string } = {}): string {
  const folder = safeName(options.folders?.[part] ?? PART_FOLDERS[part]);
  const ext = /\.[a-z0-9]{1,10}$/i.exec(fileName)?.[0] ?? '';
  return `${folder}/${options.code ? `${safeName(options.code)}${ext.toLowerCase()}` : fileName}`;
}
