import { createHash } from 'node:crypto';
import { pipeline, Transform, type Readable } from 'node:stream';
import { AppError } from '../errors';
import type { Storage } from '../storage/storage';
import { isZipBased, sniffDocument, type DocumentType } from './file-types';
import { listZipEntries, type RandomAccessSource, type ZipEntry, type ZipLimits } from './zip';

/** Enough for every signature sniffDocument reads, the OpenDocument `mimetype` entry included. */
export const HEAD_BYTES = 64 * 1024;
const MAX_NAME_LENGTH = 180;

/**
 * An upload written to a temporary object: invisible under `key` until commit(). Call commit()
 * last inside the transaction that inserts the file's row, so that a failed rename rolls the row
 * back, and discard() on any failure. `read` reads the stored bytes (for listZipEntries).
 */
export type ReceivedUpload = RandomAccessSource & {
  key: string;
  tempKey: string;
  size: number;
  sha256: string;
  head: Buffer;
  commit(): Promise<void>;
  /** Removes the temporary object; does nothing once committed or discarded. */
  discard(): Promise<void>;
};

/**
 * Streams an upload (a multipart part's `file`) into a temporary object of the storage, hashing it
 * and keeping its first bytes for sniffing, so that large documents never sit in memory.
 */
export async function receiveUpload(storage: Storage, key: string, stream: Readable, options: { maxBytes: number }): Promise<ReceivedUpload> {
  const hash = createHash('sha256');
  const head: Buffer[] = [];
  let headLength = 0;
  const tap = new Transform({
    transform(chunk: Buffer, _encoding, done) {
      hash.update(chunk);
      if (headLength < HEAD_BYTES) {
        const part = Buffer.from(chunk.subarray(0, HEAD_BYTES - headLength));
        head.push(part);
        headLength += part.length;
      }
      done(null, chunk);
    },
  });
  // The callback form hands the source's errors (a client gone mid-upload) on to the storage's write.
  const tapped = pipeline(stream, tap, () => undefined);
  let stored: { tempKey: string; size: number };
  try {
    stored = await storage.putTemporary(key, tapped, options.maxBytes);
  } catch (error) {
    // A part nobody reads stalls the multipart parser: destroying it ends the request's parsing.
    tapped.destroy();
    throw error;
  }
  const { tempKey, size } = stored;

  // The multipart plugin ends a part at its own size limit without an error, only marking it truncated.
  if ((stream as Readable & { truncated?: boolean }).truncated) {
    await storage.delete(tempKey);
    throw new AppError(413, 'common-invalid_file_size');
  }
  if (size === 0) {
    await storage.delete(tempKey);
    throw new AppError(400, 'document-empty_file');
  }

  let state: 'pending' | 'committed' | 'discarded' = 'pending';
  return {
    key,
    tempKey,
    size,
    sha256: hash.digest('hex'),
    head: Buffer.concat(head),
    read: (position, length) => storage.readRange(state === 'committed' ? key : tempKey, position, length),
    async commit() {
      if (state !== 'pending') throw new Error(`The upload of ${key} is already ${state}`);
      await storage.rename(tempKey, key);
      state = 'committed';
    },
    async discard() {
      if (state !== 'pending') return;
      state = 'discarded';
      await storage.delete(tempKey);
    },
  };
}

/**
 * The upload's type from its content, and for ZIP-based files their checked entries (the office
 * formats are told apart by them). An unrecognised type is a 415; the caller then discards.
 */
export async function identifyUpload(upload: ReceivedUpload, limits?: ZipLimits): Promise<{ type: DocumentType; entries?: ZipEntry[] }> {
  const type = sniffDocument(upload.head);
  if (!type) throw new AppError(415, 'common-invalid_file_type');
  if (!isZipBased(type)) return { type };
  const entries = await listZipEntries(upload, limits);
  return { type: sniffDocument(upload.head, entries.map((e) => e.name)) ?? type, entries };
}

/**
 * A client's file name made safe to store and to send back: no directories, no characters that
 * Windows refuses or that could forge a header, no bidirectional overrides that disguise an
 * extension (`fdp.exe` shown as `exe.pdf`), accents kept.
 */
export function sanitizeFileName(name: string): string {
  const cleaned = (name.normalize('NFC').split(/[/\\]/).pop() ?? '')
    .replace(/\s+/g, ' ')
    // eslint-disable-next-line no-control-regex -- control characters are what is being removed
    .replace(/[\u0000-\u001f\u007f-\u009f\u200e\u200f\u202a-\u202e\u2066-\u2069]/g, '')
    .replace(/[<>:"|?*]/g, '')
    .replace(/ {2,}/g, ' ')
    .replace(/^[. ]+|[. ]+$/g, '');
  const chars = Array.from(cleaned);
  if (chars.length > MAX_NAME_LENGTH) {
    const ext = /\.[^.\s]{1,16}$/.exec(cleaned)?.[0] ?? '';
    const extChars = Array.from(ext).length;
    const base = chars.slice(0, MAX_NAME_LENGTH - extChars).join('').replace(/[.\s]+$/, '');
    return base ? base + ext : chars.slice(0, MAX_NAME_LENGTH).join('');
  }
  return cleaned || 'document';
}

/**
 * A Content-Disposition for a download (RFC 6266): an ASCII `filename` for old clients and the
 * exact UTF-8 name in `filename*` (RFC 5987), which every current browser prefers.
 */
export function contentDisposition(filename: string): string {
  const name = sanitizeFileName(filename);
  const ascii = name
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    // Some clients percent-decode `filename` although they should not.
    .replace(/[^\x20-\x7e]|[%\\"]/g, '_');
  const encoded = encodeURIComponent(name).replace(/['()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);
  return `attachment; filename="${ascii}"; filename*=UTF-8''${encoded}`;
}
