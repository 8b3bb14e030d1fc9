// The one ZIP reader (issue 27). The central directory and the entries are parsed once, for three
// uses:
//  - listZipEntries: an upload's entries, checked before the file is kept (count, total size,
//    ratio, names, overlapping data), nothing unpacked;
//  - readZipDirectory and unpackZipEntry: a file on disk (a DCE archive) read entry by entry, each
//    entry stopped at its declared size, so memory holds one entry at most;
//  - unzipSync: an office file (DOCX, XLSX, ODT) already in memory, its parts unpacked under the
//    same limits, for the readers and fillers that work on them synchronously.
// The parsing is written as generators that ask for byte ranges: a RandomAccessSource answers them
// asynchronously, a Buffer at once. Writing a ZIP is elsewhere (fflate, and the submission folder's
// streamed writer); a notice import's forward-only stream goes through fflate's streaming Unzip.
import { crc32, inflateRawSync } from 'node:zlib';
import { AppError } from '../errors';

export type ZipEntry = { name: string; compressedSize: number; uncompressedSize: number; isDirectory: boolean };

/** An entry as the central directory gives it: what unpacking it needs. */
export type ArchiveEntry = ZipEntry & {
  method: number;
  encrypted: boolean;
  crc: number;
  localOffset: number;
  nameBytes: number;
  isSymlink: boolean;
};

/** Random access to a file that may not fit in memory (a temporary upload, or a Buffer in tests). */
export type RandomAccessSource = { size: number; read(position: number, length: number): Promise<Buffer> };

export type ZipLimits = {
  maxEntries?: number;
  maxUnpackedBytes?: number;
  /** An entry is a bomb when it is larger than bombMinBytes and its ratio exceeds maxRatio. */
  maxRatio?: number;
  bombMinBytes?: number;
};

export type UnpackLimits = { maxEntryBytes: number; maxRatio: number; ratioMinBytes: number };

/** 200 MB per entry, a ratio of 200 for entries over 1 MB. */
export const defaultUnpackLimits: UnpackLimits = { maxEntryBytes: 200 * 1024 * 1024, maxRatio: 200, ratioMinBytes: 1024 * 1024 };

/** Why an archive cannot be read; each caller says it in its own words (an HTTP error, an extraction key). */
export type ZipFailure = 'corrupt' | 'too_many_entries' | 'too_large' | 'encrypted' | 'unsupported';

export class ZipError extends Error {
  constructor(readonly reason: ZipFailure) {
    super(`zip-${reason}`);
    this.name = 'ZipError';
  }
}

export const bufferSource = (buffer: Buffer): RandomAccessSource => ({
  size: buffer.length,
  read: async (position, length) => buffer.subarray(position, position + length),
});

const EOCD = 0x06054b50;
const ZIP64_LOCATOR = 0x07064b50;
const ZIP64_EOCD = 0x06064b50;
const CENTRAL_ENTRY = 0x02014b50;
const LOCAL_ENTRY = 0x04034b50;
const EOCD_SIZE = 22;
const MAX_COMMENT = 0xffff;
// Far above any real archive's central directory, low enough never to load a forged one in memory.
const MAX_DIRECTORY_BYTES = 64 * 1024 * 1024;
/** Entries a directory may list for a reader with no limit of its own (an archive inside a DCE, an office file). */
const MAX_ENTRIES = 10_000;
/** What an office file in memory may unpack to, all parts together. */
const MAX_IN_MEMORY_BYTES = 1024 ** 3;

const corrupt = () => new ZipError('corrupt');

// ------------------------------------------------------------------------------------------------
// Parsing, once: generators that yield the byte ranges they need and receive the bytes.

type Range = { position: number; length: number };
type Steps<T> = Generator<Range, T, Buffer>;

async function runOnSource<T>(steps: Steps<T>, source: RandomAccessSource): Promise<T> {
  let step = steps.next();
  while (!step.done) step = steps.next(await source.read(step.value.position, step.value.length));
  return step.value;
}

function runOnBuffer<T>(steps: Steps<T>, bytes: Buffer): T {
  let step = steps.next();
  while (!step.done) step = steps.next(bytes.subarray(step.value.position, step.value.position + step.value.length));
  return step.value;
}

// Names without the UTF-8 flag are CP437 (the ZIP specification's default, used by Windows' own zip).
const cp437 = 'ÇüéâäàåçêëèïîìÄÅÉæÆôöòûùÿÖÜ¢£¥₧ƒáíóúñÑªº¿⌐¬½¼¡«»░▒▓│┤╡╢╖╕╣║╗╝╜╛┐└┴┬├─┼╞╟╚╔╩╦╠═╬╧╨╤╥╙╘╒╓╫╪┘┌█▄▌▐▀αßΓπΣσµτΦΘΩδ∞φε∩≡±≥≤⌠⌡÷≈°∙·√ⁿ²■\u00a0';
const utf8 = new TextDecoder('utf-8', { fatal: true });

function decodeName(raw: Buffer, flaggedUtf8: boolean, extra: Map<number, Buffer>): string {
  // Info-ZIP's Unicode Path field carries the UTF-8 name, valid while the CRC of the legacy name matches.
  const unicode = extra.get(0x7075);
  if (unicode && unicode.length > 5 && unicode[0] === 1 && unicode.readUInt32LE(1) === crc32(raw)) return unicode.toString('utf8', 5);
  if (flaggedUtf8) return raw.toString('utf8');
  // Many tools (macOS, 7-Zip on Linux) write UTF-8 without setting the flag.
  try {
    return utf8.decode(raw);
  } catch {
    return Array.from(raw, (b) => (b < 0x80 ? String.fromCharCode(b) : cp437[b - 0x80])).join('');
  }
}

function extraFields(extra: Buffer): Map<number, Buffer> {
  const fields = new Map<number, Buffer>();
  for (let at = 0; at + 4 <= extra.length; ) {
    const id = extra.readUInt16LE(at);
    const size = extra.readUInt16LE(at + 2);
    fields.set(id, extra.subarray(at + 4, at + 4 + size));
    at += 4 + size;
  }
  return fields;
}

function safeNumber(value: bigint): number {
  if (value > BigInt(Number.MAX_SAFE_INTEGER)) throw corrupt();
  return Number(value);
}

type Directory = { count: number; offset: number; size: number };

function* findDirectory(size: number): Steps<Directory> {
  if (size < EOCD_SIZE) throw corrupt();
  const tailStart = Math.max(0, size - EOCD_SIZE - MAX_COMMENT);
  const tail = yield { position: tailStart, length: size - tailStart };
  let at = tail.length - EOCD_SIZE;
  for (; at >= 0; at--) {
    if (tail.readUInt32LE(at) === EOCD && at + EOCD_SIZE + tail.readUInt16LE(at + 20) <= tail.length) break;
  }
  if (at < 0) throw corrupt();
  const end = tailStart + at;
  const disk = tail.readUInt16LE(at + 4);
  const directoryDisk = tail.readUInt16LE(at + 6);
  const onDisk = tail.readUInt16LE(at + 8);
  let directory: Directory = { count: tail.readUInt16LE(at + 10), size: tail.readUInt32LE(at + 12), offset: tail.readUInt32LE(at + 16) };
  let directoryEnd = end;
  if (directory.count === 0xffff || directory.size === 0xffffffff || directory.offset === 0xffffffff) {
    const zip64 = yield* readZip64End(end);
    directory = zip64.directory;
    directoryEnd = zip64.position;
  } else if (disk !== 0 || directoryDisk !== 0 || onDisk !== directory.count) {
    // Split archives cannot be read from one file.
    throw corrupt();
  }
  if (directory.offset + directory.size > directoryEnd) throw corrupt();
  return directory;
}

function* readZip64End(eocdPosition: number): Steps<{ directory: Directory; position: number }> {
  if (eocdPosition < 20) throw corrupt();
  const locator = yield { position: eocdPosition - 20, length: 20 };
  if (locator.readUInt32LE(0) !== ZIP64_LOCATOR || locator.readUInt32LE(4) !== 0 || locator.readUInt32LE(16) !== 1) throw corrupt();
  const position = safeNumber(locator.readBigUInt64LE(8));
  if (position + 56 > eocdPosition - 20) throw corrupt();
  const record = yield { position, length: 56 };
  if (record.readUInt32LE(0) !== ZIP64_EOCD || record.readUInt32LE(16) !== 0 || record.readUInt32LE(20) !== 0) throw corrupt();
  const count = safeNumber(record.readBigUInt64LE(32));
  if (safeNumber(record.readBigUInt64LE(24)) !== count) throw corrupt();
  return { directory: { count, size: safeNumber(record.readBigUInt64LE(40)), offset: safeNumber(record.readBigUInt64LE(48)) }, position };
}

function parseEntry(directory: Buffer, at: number): { entry: ArchiveEntry; next: number } {
  if (at + 46 > directory.length || directory.readUInt32LE(at) !== CENTRAL_ENTRY) throw corrupt();
  const madeBy = directory.readUInt16LE(at + 4) >> 8;
  const flags = directory.readUInt16LE(at + 8);
  const nameLength = directory.readUInt16LE(at + 28);
  const extraLength = directory.readUInt16LE(at + 30);
  const commentLength = directory.readUInt16LE(at + 32);
  const unixMode = directory.readUInt32LE(at + 38) >>> 16;
  const next = at + 46 + nameLength + extraLength + commentLength;
  if (next > directory.length) throw corrupt();
  const raw = directory.subarray(at + 46, at + 46 + nameLength);
  const extra = extraFields(directory.subarray(at + 46 + nameLength, at + 46 + nameLength + extraLength));

  // ZIP64 values replace, in this order, only the fields saturated at 0xFFFFFFFF.
  const zip64 = extra.get(0x0001);
  let cursor = 0;
  const wide = (value: number) => {
    if (value !== 0xffffffff) return value;
    if (!zip64 || cursor + 8 > zip64.length) throw corrupt();
    const read = safeNumber(zip64.readBigUInt64LE(cursor));
    cursor += 8;
    return read;
  };
  const uncompressedSize = wide(directory.readUInt32LE(at + 24));
  const compressedSize = wide(directory.readUInt32LE(at + 20));
  const localOffset = wide(directory.readUInt32LE(at + 42));

  const name = decodeName(raw, (flags & 0x800) !== 0, extra);
  return {
    entry: {
      name,
      compressedSize,
      uncompressedSize,
      isDirectory: name.endsWith('/') || name.endsWith('\\'),
      method: directory.readUInt16LE(at + 10),
      encrypted: (flags & 1) !== 0,
      crc: directory.readUInt32LE(at + 16),
      localOffset,
      nameBytes: nameLength,
      isSymlink: madeBy === 3 && (unixMode & 0o170000) === 0o120000,
    },
    next,
  };
}

/** The entries, and where the directory starts (where the last entry's data must end). */
function* directoryEntries(size: number, maxEntries: number): Steps<{ entries: ArchiveEntry[]; offset: number }> {
  const found = yield* findDirectory(size);
  if (found.count > maxEntries) throw new ZipError('too_many_entries');
  if (found.size > MAX_DIRECTORY_BYTES) throw corrupt();
  const directory = yield { position: found.offset, length: found.size };
  if (directory.length !== found.size) throw corrupt();
  const entries: ArchiveEntry[] = [];
  for (let at = 0; entries.length < found.count; ) {
    const { entry, next } = parseEntry(directory, at);
    entries.push(entry);
    at = next;
  }
  return { entries, offset: found.offset };
}

/** Whether the declared sizes already make the entry a bomb, before anything is unpacked. */
export function isDeclaredTooLarge(entry: ZipEntry, limits: UnpackLimits = defaultUnpackLimits): boolean {
  return (
    entry.uncompressedSize > limits.maxEntryBytes ||
    (entry.uncompressedSize > limits.ratioMinBytes && entry.uncompressedSize > limits.maxRatio * Math.max(entry.compressedSize, 1))
  );
}

/**
 * Inflating stops as soon as the output passes the declared size, so an entry that lies about its
 * size can never unpack more than the limits allowed from its header.
 */
function* entryData(size: number, entry: ArchiveEntry, limits: UnpackLimits): Steps<Buffer> {
  if (entry.encrypted) throw new ZipError('encrypted');
  if (entry.method !== 0 && entry.method !== 8) throw new ZipError('unsupported');
  if (isDeclaredTooLarge(entry, limits)) throw new ZipError('too_large');
  const header = yield { position: entry.localOffset, length: 30 };
  if (header.length < 30 || header.readUInt32LE(0) !== LOCAL_ENTRY) throw corrupt();
  const start = entry.localOffset + 30 + header.readUInt16LE(26) + header.readUInt16LE(28);
  if (start + entry.compressedSize > size) throw corrupt();
  const packed = yield { position: start, length: entry.compressedSize };
  let data: Buffer;
  if (entry.method === 0) data = packed;
  else {
    try {
      data = inflateRawSync(packed, { maxOutputLength: Math.max(entry.uncompressedSize, 1) });
    } catch (error) {
      throw (error as { code?: string }).code === 'ERR_BUFFER_TOO_LARGE' ? new ZipError('too_large') : corrupt();
    }
  }
  if (data.length !== entry.uncompressedSize) throw data.length > entry.uncompressedSize ? new ZipError('too_large') : corrupt();
  if (crc32(data) !== entry.crc) throw corrupt();
  return data;
}

// ------------------------------------------------------------------------------------------------
// An archive on disk (or in a Buffer) read entry by entry: the DCE extraction, a frame inside a DCE.

/** The entries of a ZIP from its central directory (nothing is unpacked); a ZipError when it cannot be read. */
export async function readZipDirectory(source: RandomAccessSource): Promise<ArchiveEntry[]> {
  return (await runOnSource(directoryEntries(source.size, MAX_ENTRIES), source)).entries;
}

/** One entry's content, checked against its declared sizes and CRC; a ZipError when it cannot be unpacked. */
export function unpackZipEntry(source: RandomAccessSource, entry: ArchiveEntry, limits: UnpackLimits = defaultUnpackLimits): Promise<Buffer> {
  return runOnSource(entryData(source.size, entry, limits), source);
}

// ------------------------------------------------------------------------------------------------
// An office file in memory.

/**
 * Every part of a ZIP held in memory (or those `filter` keeps), by name; throws a ZipError when it
 * is not a readable ZIP or unpacks past the limits.
 */
export function unzipSync(bytes: Uint8Array, options: { filter?: (entry: ZipEntry) => boolean } = {}): Record<string, Buffer> {
  const buffer = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const parts: Record<string, Buffer> = {};
  let left = MAX_IN_MEMORY_BYTES;
  for (const entry of runOnBuffer(directoryEntries(buffer.length, MAX_ENTRIES), buffer).entries) {
    if (options.filter && !options.filter(entry)) continue;
    if (entry.uncompressedSize > left) throw new ZipError('too_large');
    const data = runOnBuffer(entryData(buffer.length, entry, defaultUnpackLimits), buffer);
    left -= data.length;
    parts[entry.name] = data;
  }
  return parts;
}

// ------------------------------------------------------------------------------------------------
// An upload, checked before it is kept.

// Sizes are what the archive declares: whoever unpacks an entry later must still stop at them.
// Too many entries and too much data are 413 (a size limit); bombs and dangerous names are 415.
const invalidFile = () => new AppError(415, 'common-invalid_file_type');
const tooManyEntries = (max: number) => new AppError(413, 'document-zip_too_many_entries', { max });
const tooLarge = () => new AppError(413, 'document-zip_too_large');
const unsafe = (name: string) => new AppError(415, 'document-zip_unsafe_entry', { name });

/** Absolute paths, drive letters and `..` segments would write outside the target folder when unpacked. */
function isUnsafeName(name: string): boolean {
  const path = name.replaceAll('\\', '/');
  return name.length === 0 || name.includes('\0') || path.startsWith('/') || /^[a-zA-Z]:/.test(path) || path.split('/').includes('..');
}

/**
 * The entries of a ZIP read from its central directory, without unpacking anything, after the
 * checks that make it safe to keep: entry count, total size, compression ratio, entry names.
 */
export async function listZipEntries(source: RandomAccessSource, limits: ZipLimits = {}): Promise<ZipEntry[]> {
  const maxEntries = limits.maxEntries ?? 2000;
  const maxUnpackedBytes = limits.maxUnpackedBytes ?? 1024 ** 3;
  const maxRatio = limits.maxRatio ?? 200;
  const bombMinBytes = limits.bombMinBytes ?? 10 * 1024 * 1024;

  let directory: { entries: ArchiveEntry[]; offset: number };
  try {
    directory = await runOnSource(directoryEntries(source.size, maxEntries), source);
  } catch (error) {
    if (error instanceof ZipError) throw error.reason === 'too_many_entries' ? tooManyEntries(maxEntries) : invalidFile();
    throw error;
  }
  const { entries } = directory;

  let total = 0;
  for (const entry of entries) {
    // A symbolic link, once unpacked, lets a later entry write through it anywhere.
    if (isUnsafeName(entry.name) || entry.isSymlink) throw unsafe(entry.name);
    if (entry.uncompressedSize > bombMinBytes && entry.uncompressedSize > maxRatio * Math.max(entry.compressedSize, 1)) throw unsafe(entry.name);
    total += entry.uncompressedSize;
    if (total > maxUnpackedBytes) throw tooLarge();
  }

  // Entries whose data overlap are how a small archive unpacks to petabytes (a "non-recursive" bomb).
  const byOffset = [...entries].sort((a, b) => a.localOffset - b.localOffset);
  for (let i = 0; i < byOffset.length; i++) {
    const entry = byOffset[i]!;
    const end = entry.localOffset + 30 + entry.nameBytes + entry.compressedSize;
    if (end > (byOffset[i + 1]?.localOffset ?? directory.offset)) throw unsafe(entry.name);
  }
  return entries.map(({ name, compressedSize, uncompressedSize, isDirectory }) => ({ name, compressedSize, uncompressedSize, isDirectory }));
}
