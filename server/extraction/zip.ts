import { crc32, inflateRawSync } from 'node:zlib';
import type { RandomAccessSource } from '../files/zip';
import { ExtractionError } from './types';

export type ArchiveEntry = {
  name: string;
  isDirectory: boolean;
  method: number;
  encrypted: boolean;
  crc: number;
  compressedSize: number;
  uncompressedSize: number;
  localOffset: number;
};

export type UnpackLimits = { maxEntryBytes: number; maxRatio: number; ratioMinBytes: number };

/** The limits of the brief: 200 MB per entry, a ratio of 200 for entries over 1 MB. */
export const defaultUnpackLimits: UnpackLimits = { maxEntryBytes: 200 * 1024 * 1024, maxRatio: 200, ratioMinBytes: 1024 * 1024 };

const EOCD = 0x06054b50;
const ZIP64_LOCATOR = 0x07064b50;
const ZIP64_EOCD = 0x06064b50;
const CENTRAL_ENTRY = 0x02014b50;
const LOCAL_ENTRY = 0x04034b50;
const MAX_DIRECTORY_BYTES = 64 * 1024 * 1024;
const MAX_ENTRIES = 10_000;

const corrupt = () => new ExtractionError('extraction-corrupt');

// Same naming rules as server/files/zip.ts: names without the UTF-8 flag are CP437 unless they
// happen to be valid UTF-8 (macOS, 7-Zip), and Info-ZIP's Unicode Path field wins when it matches.
const cp437 = 'ÇüéâäàåçêëèïîìÄÅÉæÆôöòûùÿÖÜ¢£¥₧ƒáíóúñÑªº¿⌐¬½¼¡«»░▒▓│┤╡╢╖╕╣║╗╝╜╛┐└┴┬├─┼╞╟╚╔╩╦╠═╬╧╨╤╥╙╘╒╓╫╪┘┌█▄▌▐▀αßΓπΣσµτΦΘΩδ∞φε∩≡±≥≤⌠⌡÷≈°∙·√ⁿ²■\u00a0';
const utf8 = new TextDecoder('utf-8', { fatal: true });

function extraFields(extra: Buffer): Map<number, Buffer> {
  const fields = new Map<number, Buffer>();
  for (let at = 0; at + 4 <= extra.length; ) {
    const size = extra.readUInt16LE(at + 2);
    fields.set(extra.readUInt16LE(at), extra.subarray(at + 4, at + 4 + size));
    at += 4 + size;
  }
  return fields;
}

function decodeName(raw: Buffer, flaggedUtf8: boolean, extra: Map<number, Buffer>): string {
  const unicode = extra.get(0x7075);
  if (unicode && unicode.length > 5 && unicode[0] === 1 && unicode.readUInt32LE(1) === crc32(raw)) return unicode.toString('utf8', 5);
  if (flaggedUtf8) return raw.toString('utf8');
  try {
    return utf8.decode(raw);
  } catch {
    return Array.from(raw, (b) => (b < 0x80 ? String.fromCharCode(b) : cp437[b - 0x80])).join('');
  }
}

function safeNumber(value: bigint): number {
  if (value > BigInt(Number.MAX_SAFE_INTEGER)) throw corrupt();
  return Number(value);
}

async function findDirectory(source: RandomAccessSource): Promise<{ count: number; offset: number; size: number }> {
  if (source.size < 22) throw corrupt();
  const tailStart = Math.max(0, source.size - 22 - 0xffff);
  const tail = await source.read(tailStart, source.size - tailStart);
  let at = tail.length - 22;
  while (at >= 0 && !(tail.readUInt32LE(at) === EOCD && at + 22 + tail.readUInt16LE(at + 20) <= tail.length)) at--;
  if (at < 0) throw corrupt();
  const count = tail.readUInt16LE(at + 10);
  const size = tail.readUInt32LE(at + 12);
  const offset = tail.readUInt32LE(at + 16);
  if (count !== 0xffff && size !== 0xffffffff && offset !== 0xffffffff) return { count, size, offset };
  const end = tailStart + at;
  if (end < 20) throw corrupt();
  const locator = await source.read(end - 20, 20);
  if (locator.readUInt32LE(0) !== ZIP64_LOCATOR) throw corrupt();
  const record = await source.read(safeNumber(locator.readBigUInt64LE(8)), 56);
  if (record.length < 56 || record.readUInt32LE(0) !== ZIP64_EOCD) throw corrupt();
  return { count: safeNumber(record.readBigUInt64LE(32)), size: safeNumber(record.readBigUInt64LE(40)), offset: safeNumber(record.readBigUInt64LE(48)) };
}

/** The entries of a ZIP, read from its central directory (nothing is unpacked). */
export async function readArchive(source: RandomAccessSource): Promise<ArchiveEntry[]> {
  const found = await findDirectory(source);
  if (found.count > MAX_ENTRIES || found.size > MAX_DIRECTORY_BYTES || found.offset + found.size > source.size) throw corrupt();
  const directory = await source.read(found.offset, found.size);
  const entries: ArchiveEntry[] = [];
  for (let at = 0; entries.length < found.count; ) {
    if (at + 46 > directory.length || directory.readUInt32LE(at) !== CENTRAL_ENTRY) throw corrupt();
    const flags = directory.readUInt16LE(at + 8);
    const nameLength = directory.readUInt16LE(at + 28);
    const extraLength = directory.readUInt16LE(at + 30);
    const next = at + 46 + nameLength + extraLength + directory.readUInt16LE(at + 32);
    if (next > directory.length) throw corrupt();
    const raw = directory.subarray(at + 46, at + 46 + nameLength);
    const extra = extraFields(directory.subarray(at + 46 + nameLength, at + 46 + nameLength + extraLength));
    // ZIP64 values replace, in this order, only the fields saturated at 0xFFFFFFFF.
    const zip64 = extra.get(0x0001);
    let cursor = 0;
    const wide = (value: number) => {
      if (value !== 0xffffffff) return value;
      if (!zip64 || cursor + 8 > zip64.length) throw corrupt();
      cursor += 8;
      return safeNumber(zip64.readBigUInt64LE(cursor - 8));
    };
    const uncompressedSize = wide(directory.readUInt32LE(at + 24));
    const compressedSize = wide(directory.readUInt32LE(at + 20));
    const localOffset = wide(directory.readUInt32LE(at + 42));
    const name = decodeName(raw, (flags & 0x800) !== 0, extra);
    entries.push({
      name,
      isDirectory: name.endsWith('/') || name.endsWith('\\'),
      method: directory.readUInt16LE(at + 10),
      encrypted: (flags & 1) !== 0,
      crc: directory.readUInt32LE(at + 16),
      compressedSize,
      uncompressedSize,
      localOffset,
    });
    at = next;
  }
  return entries;
}

/** Whether the declared sizes already make the entry a bomb, before anything is unpacked. */
export function isDeclaredTooLarge(entry: ArchiveEntry, limits: UnpackLimits = defaultUnpackLimits): boolean {
  return (
    entry.uncompressedSize > limits.maxEntryBytes ||
    (entry.uncompressedSize > limits.ratioMinBytes && entry.uncompressedSize > limits.maxRatio * Math.max(entry.compressedSize, 1))
  );
}

/**
 * One entry's content. Inflating stops as soon as the output passes the declared size, so an
 * entry that lies about its size can never unpack more than the limits allowed from its header.
 */
export async function unpackEntry(source: RandomAccessSource, entry: ArchiveEntry, limits: UnpackLimits = defaultUnpackLimits): Promise<Buffer> {
  if (entry.encrypted) throw new ExtractionError('extraction-encrypted');
  if (entry.method !== 0 && entry.method !== 8) throw new ExtractionError('extraction-unsupported');
  if (isDeclaredTooLarge(entry, limits)) throw new ExtractionError('extraction-too_large');
  const header = await source.read(entry.localOffset, 30);
  if (header.length < 30 || header.readUInt32LE(0) !== LOCAL_ENTRY) throw corrupt();
  const start = entry.localOffset + 30 + header.readUInt16LE(26) + header.readUInt16LE(28);
  if (start + entry.compressedSize > source.size) throw corrupt();
  const packed = await source.read(start, entry.compressedSize);
  let data: Buffer;
  if (entry.method === 0) data = packed;
  else {
    try {
      data = inflateRawSync(packed, { maxOutputLength: Math.max(entry.uncompressedSize, 1) });
    } catch (error) {
      throw (error as { code?: string }).code === 'ERR_BUFFER_TOO_LARGE' ? new ExtractionError('extraction-too_large') : corrupt();
    }
  }
  if (data.length !== entry.uncompressedSize) throw data.length > entry.uncompressedSize ? new ExtractionError('extraction-too_large') : corrupt();
  if (crc32(data) !== entry.crc) throw corrupt();
  return data;
}
