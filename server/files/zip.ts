import { crc32 } from 'node:zlib';
import { AppError } from '../errors';

export type ZipEntry = { name: string; compressedSize: number; uncompressedSize: number; isDirectory: boolean };

/** Random access to a file that may not fit in memory (a temporary upload, or a Buffer in tests). */
export type RandomAccessSource = { size: number; read(position: number, length: number): Promise<Buffer> };

export type ZipLimits = {
  maxEntries?: number;
  maxUnpackedBytes?: number;
  /** An entry is a bomb when it is larger than bombMinBytes and its ratio exceeds maxRatio. */
  maxRatio?: number;
  bombMinBytes?: number;
};

export const bufferSource = (buffer: Buffer): RandomAccessSource => ({
  size: buffer.length,
  read: async (position, length) => buffer.subarray(position, position + length),
});

const EOCD = 0x06054b50;
const ZIP64_LOCATOR = 0x07064b50;
const ZIP64_EOCD = 0x06064b50;
const CENTRAL_ENTRY = 0x02014b50;
const EOCD_SIZE = 22;
const MAX_COMMENT = 0xffff;
// Far above any real archive's central directory, low enough never to load a forged one in memory.
const MAX_DIRECTORY_BYTES = 64 * 1024 * 1024;

// Sizes are what the archive declares: whoever unpacks an entry later must still stop at them.
// Too many entries and too much data are 413 (a size limit); bombs and dangerous names are 415.
const corrupt = () => new AppError(415, 'common-invalid_file_type');
const tooManyEntries = (max: number) => new AppError(413, 'document-zip_too_many_entries', { max });
const tooLarge = () => new AppError(413, 'document-zip_too_large');
const unsafe = (name: string) => new AppError(415, 'document-zip_unsafe_entry', { name });

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

/** Absolute paths, drive letters and `..` segments would write outside the target folder when unpacked. */
function isUnsafeName(name: string): boolean {
  const path = name.replaceAll('\\', '/');
  return name.length === 0 || name.includes('\0') || path.startsWith('/') || /^[a-zA-Z]:/.test(path) || path.split('/').includes('..');
}

type Directory = { count: number; offset: number; size: number };

async function findDirectory(source: RandomAccessSource): Promise<Directory> {
  if (source.size < EOCD_SIZE) throw corrupt();
  const tailStart = Math.max(0, source.size - EOCD_SIZE - MAX_COMMENT);
  const tail = await source.read(tailStart, source.size - tailStart);
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
    const zip64 = await readZip64End(source, end);
    directory = zip64.directory;
    directoryEnd = zip64.position;
  } else if (disk !== 0 || directoryDisk !== 0 || onDisk !== directory.count) {
    // Split archives cannot be read from one file.
    throw corrupt();
  }
  if (directory.offset + directory.size > directoryEnd) throw corrupt();
  return directory;
}

async function readZip64End(source: RandomAccessSource, eocdPosition: number): Promise<{ directory: Directory; position: number }> {
  if (eocdPosition < 20) throw corrupt();
  const locator = await source.read(eocdPosition - 20, 20);
  if (locator.readUInt32LE(0) !== ZIP64_LOCATOR || locator.readUInt32LE(4) !== 0 || locator.readUInt32LE(16) !== 1) throw corrupt();
  const position = safeNumber(locator.readBigUInt64LE(8));
  if (position + 56 > eocdPosition - 20) throw corrupt();
  const record = await source.read(position, 56);
  if (record.readUInt32LE(0) !== ZIP64_EOCD || record.readUInt32LE(16) !== 0 || record.readUInt32LE(20) !== 0) throw corrupt();
  const count = safeNumber(record.readBigUInt64LE(32));
  if (safeNumber(record.readBigUInt64LE(24)) !== count) throw corrupt();
  return { directory: { count, size: safeNumber(record.readBigUInt64LE(40)), offset: safeNumber(record.readBigUInt64LE(48)) }, position };
}

type RawEntry = ZipEntry & { localOffset: number; nameBytes: number };

function parseEntry(directory: Buffer, at: number): { entry: RawEntry; next: number } {
  if (at + 46 > directory.length || directory.readUInt32LE(at) !== CENTRAL_ENTRY) throw corrupt();
  const madeBy = directory.readUInt16LE(at + 4) >> 8;
  const flags = directory.readUInt16LE(at + 8);
  let compressedSize = directory.readUInt32LE(at + 20);
  let uncompressedSize = directory.readUInt32LE(at + 24);
  const nameLength = directory.readUInt16LE(at + 28);
  const extraLength = directory.readUInt16LE(at + 30);
  const commentLength = directory.readUInt16LE(at + 32);
  const unixMode = directory.readUInt32LE(at + 38) >>> 16;
  let localOffset = directory.readUInt32LE(at + 42);
  const next = at + 46 + nameLength + extraLength + commentLength;
  if (next > directory.length) throw corrupt();
  const raw = directory.subarray(at + 46, at + 46 + nameLength);
  const extra = extraFields(directory.subarray(at + 46 + nameLength, at + 46 + nameLength + extraLength));

  // ZIP64 sizes replace, in this order, only the fields saturated at 0xFFFFFFFF.
  const zip64 = extra.get(0x0001);
  let cursor = 0;
  const wide = (value: number) => {
    if (value !== 0xffffffff) return value;
    if (!zip64 || cursor + 8 > zip64.length) throw corrupt();
    const read = safeNumber(zip64.readBigUInt64LE(cursor));
    cursor += 8;
    return read;
  };
  uncompressedSize = wide(uncompressedSize);
  compressedSize = wide(compressedSize);
  localOffset = wide(localOffset);

  const name = decodeName(raw, (flags & 0x800) !== 0, extra);
  // A symbolic link, once unpacked, lets a later entry write through it anywhere.
  const isSymlink = madeBy === 3 && (unixMode & 0o170000) === 0o120000;
  if (isUnsafeName(name) || isSymlink) throw unsafe(name);
  return {
    entry: { name, compressedSize, uncompressedSize, isDirectory: name.endsWith('/') || name.endsWith('\\'), localOffset, nameBytes: nameLength },
    next,
  };
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

  const found = await findDirectory(source);
  if (found.count > maxEntries) throw tooManyEntries(maxEntries);
  if (found.size > MAX_DIRECTORY_BYTES) throw corrupt();
  const directory = await source.read(found.offset, found.size);
  if (directory.length !== found.size) throw corrupt();

  const entries: RawEntry[] = [];
  let total = 0;
  for (let at = 0; entries.length < found.count; ) {
    const { entry, next } = parseEntry(directory, at);
    at = next;
    if (entry.uncompressedSize > bombMinBytes && entry.uncompressedSize > maxRatio * Math.max(entry.compressedSize, 1)) throw unsafe(entry.name);
    total += entry.uncompressedSize;
    if (total > maxUnpackedBytes) throw tooLarge();
    entries.push(entry);
  }

  // Entries whose data overlap are how a small archive unpacks to petabytes (a "non-recursive" bomb).
  const byOffset = [...entries].sort((a, b) => a.localOffset - b.localOffset);
  for (let i = 0; i < byOffset.length; i++) {
    const entry = byOffset[i]!;
    const end = entry.localOffset + 30 + entry.nameBytes + entry.compressedSize;
    if (end > (byOffset[i + 1]?.localOffset ?? found.offset)) throw unsafe(entry.name);
  }
  return entries.map(({ name, compressedSize, uncompressedSize, isDirectory }) => ({ name, compressedSize, uncompressedSize, isDirectory }));
}
